import type { DictTypeRow, DictValueRow, MenuAdminRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, expectMessage, useConsoleSuite } from './support/console';
import { apiAs } from './support/api';
import { openFromSystemMenu } from './support/system-menu';
import { confirmPopup } from './support/system-app';

describe('staff menus and dictionaries in Chromium', () => {
  const suite = useConsoleSuite();

  it('shows the menu tree and the dictionaries in both languages', async () => {
    // A deep link switches the admin to the staff application.
    const page = await suite.openConsole('admin', '/system/menu');
    const menus = page.getByTestId('menus-table');
    // The first application is shown first; the tree opens expanded.
    await menus.getByText('/mirror/custmirrordownload', { exact: true }).waitFor();
    expect(await menus.innerText()).toContain('Home Page');
    await page.getByTestId('menu-apps').getByText('System', { exact: true }).click();
    await menus.getByText('/system/role', { exact: true }).waitFor();
    await chooseLanguage(page, 'zh-CN');
    await menus.getByText('角色管理', { exact: true }).waitFor();
    expect(await page.getByTestId('menus-page').innerText()).toContain('新建菜单');

    await openFromSystemMenu(page, '/system/dict');
    const types = page.getByTestId('dict-types-table');
    await types.getByText('industry', { exact: true }).click();
    const values = page.getByTestId('dict-values-table');
    await values.getByText('服务流通', { exact: true }).waitFor();
    expect(await page.getByTestId('dicts-page').innerText()).toContain('行业 的字典值');
    await chooseLanguage(page, 'en-US');
    await page.getByTestId('dicts-page').getByText('Values of Industry').waitFor();
    expect(await values.innerText()).toContain('Service circulation');
  });

  it('adds a menu (a duplicate path is refused beside the field) and a dictionary value; a type with values stays', async () => {
    const api = await apiAs(suite, 'admin');
    try {
      const page = await suite.openConsole('admin', '/system/menu');
      const menus = page.getByTestId('menus-table');
      await menus.getByText('/homePage', { exact: true }).waitFor();
      await page.getByTestId('menu-new').click();
      await page.getByTestId('menu-title-zh').fill('常见问题');
      await page.getByTestId('menu-title-en').fill('FAQ');
      await page.getByTestId('menu-name').fill('faq');
      await page.getByTestId('menu-path').fill('/homePage');
      await page.getByTestId('menu-component').locator('input').fill('Welcome');
      await page.getByTestId('menu-save').click();
      await page.locator('.ant-form-item-explain-error', { hasText: 'is already used' }).waitFor();
      await page.getByTestId('menu-path').fill('/faq');
      await page.getByTestId('menu-save').click();
      await expectMessage(page, 'Saved');
      await menus.getByText('/faq', { exact: true }).waitFor();

      await openFromSystemMenu(page, '/system/dict');
      await page.getByTestId('dict-types-table').getByText('industry', { exact: true }).click();
      await page.getByTestId('dict-value-new').click();
      await page.getByTestId('dict-code').fill('retail');
      await page.getByTestId('dict-name-zh').fill('零售');
      await page.getByTestId('dict-name-en').fill('Retail');
      await page.getByTestId('dict-save').click();
      await expectMessage(page, 'Saved');
      await page.getByTestId('dict-values-table').getByText('Retail', { exact: true }).waitFor();
      await page.getByTestId('dict-type-actions-industry').getByRole('button', { name: 'Delete' }).click();
      await confirmPopup(page);
      await expectMessage(page, 'Dictionary industry still has 16 values; delete them first');
    } finally {
      // Left as found: a retry adds the same path and code again and counts 16 values.
      const menu = (await api<MenuAdminRow[]>('GET', '/sysMenu/list?application=mirror')).find(
        (row) => row.path === '/faq',
      );
      if (menu) await api('DELETE', `/sysMenu/${menu.id}`);
      const industry = (await api<DictTypeRow[]>('GET', '/sysDictType/list')).find(
        (type) => type.code === 'industry',
      );
      const retail = (await api<DictValueRow[]>('GET', `/sysDictType/${industry?.id}/values`)).find(
        (value) => value.code === 'retail',
      );
      if (retail) await api('DELETE', `/sysDictData/${retail.id}`);
    }
  });
});
