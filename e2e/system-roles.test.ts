import type {
  DictTypeRow,
  DictValueRow,
  Page as ListPage,
  MenuAdminRow,
  RoleRow,
  UserAdminRow,
} from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  closeSettings,
  expectMessage,
  menuEntries,
  openSettings,
  useConsoleSuite,
  waitForConsole,
} from './support/console';
import { apiAs } from './support/api';
import { resetDisplayPreferences } from './support/preferences';
import { openSystemPage } from './support/system-app';

/** Ticks a menu in the grant drawer's checkbox tree (each menu is checked on its own). */
async function tickMenu(page: Page, app: string, title: string) {
  await page
    .getByTestId(`grant-menus-${app}`)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle(title, { exact: true }) })
    .locator('.ant-tree-checkbox')
    .click();
}

describe('staff roles, menus and dictionaries in Chromium', () => {
  const suite = useConsoleSuite();

  it('creates a role with some menus, gives it to the customer, whose side menu then shows exactly those', async () => {
    const code = `limited_${Date.now() % 1_000_000}`;
    const api = await apiAs(suite, 'admin');
    try {
      const page = await openSystemPage(suite, 'admin', '/system/role');
      await page.getByTestId('role-new').click();
      await page.getByTestId('role-code').fill(code);
      await page.getByTestId('role-name-zh').fill('受限客户');
      await page.getByTestId('role-name-en').fill('Limited customer');
      await page.getByTestId('role-save').click();
      await expectMessage(page, 'Saved');

      const actions = page.getByTestId(`role-actions-${code}`);
      await actions.getByRole('button', { name: 'Grant' }).click();
      await page.getByTestId('grant-menus-mirror').waitFor();
      await tickMenu(page, 'mirror', 'Home Page');
      await tickMenu(page, 'mirror', 'Firmware');
      await page.getByTestId('grant-permissions').getByText('Download firmware (firmware:download)').click();
      await page.getByTestId('role-grant-save').click();
      await expectMessage(page, 'Saved');
      await page
        .getByTestId('roles-table')
        .locator('tr', { hasText: code })
        .getByText('2 menus, 1 permissions')
        .waitFor();

      // The demo customer gets the new role instead of `customer`.
      await page.goto(`${suite.portal.url}/system/user`);
      await waitForConsole(page);
      await page.getByTestId('user-search').locator('input').fill('demo');
      await page.getByTestId('user-search').locator('input').press('Enter');
      await page.getByTestId('user-actions-demo').getByRole('button', { name: 'Roles' }).click();
      const select = page.getByTestId('grant-roles');
      await select
        .locator('.ant-select-selection-item', { hasText: 'Customer' })
        .locator('.anticon-close')
        .click();
      await select.click();
      await page.locator('.ant-select-item-option', { hasText: 'Limited customer' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('grant-save').click();
      await expectMessage(page, 'Saved');
      await page
        .getByTestId('users-table')
        .locator('tr', { hasText: 'demo' })
        .getByText('Limited customer')
        .waitFor();

      const customer = await suite.openConsole('demo', '/');
      await customer.waitForURL(/\/homePage$/);
      await openSettings(customer);
      await customer.getByTestId('setting-layout-sidemenu').click();
      await closeSettings(customer);
      const sideMenu = customer.getByTestId('side-menu');
      await sideMenu.getByRole('link', { name: 'Firmware', exact: true }).waitFor();
      expect(await menuEntries(sideMenu)).toEqual(['Home Page', 'Firmware']);
      expect(await customer.getByTestId('app-tabs').innerText()).not.toContain('System');
    } finally {
      // Left as found, so that a retry finds demo a customer and no second "Limited customer".
      const demo = (await api<ListPage<UserAdminRow>>('GET', '/sysUser/page?q=demo')).rows.find(
        (row) => row.account === 'demo',
      );
      await api('PUT', `/sysUser/${demo?.id}/roles`, { roleCodes: ['customer'] });
      const role = (await api<ListPage<RoleRow>>('GET', `/sysRole/page?q=${code}`)).rows.find(
        (row) => row.code === code,
      );
      if (role) await api('DELETE', `/sysRole/${role.id}`);
      await resetDisplayPreferences(suite, 'demo');
    }
  });

  it('shows the menu tree and the dictionaries in both languages', async () => {
    const page = await openSystemPage(suite, 'admin', '/system/menu');
    const menus = page.getByTestId('menus-table');
    // The first application is shown first; the tree opens expanded.
    await menus.getByText('/mirror/custmirrordownload', { exact: true }).waitFor();
    expect(await menus.innerText()).toContain('Home Page');
    await page.getByTestId('menu-apps').getByText('System', { exact: true }).click();
    await menus.getByText('/system/role', { exact: true }).waitFor();
    await chooseLanguage(page, 'zh-CN');
    await menus.getByText('角色管理', { exact: true }).waitFor();
    expect(await page.getByTestId('menus-page').innerText()).toContain('新建菜单');

    await page.goto(`${suite.portal.url}/system/dict`);
    await waitForConsole(page);
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
      const page = await openSystemPage(suite, 'admin', '/system/menu');
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

      await page.goto(`${suite.portal.url}/system/dict`);
      await waitForConsole(page);
      await page.getByTestId('dict-types-table').getByText('industry', { exact: true }).click();
      await page.getByTestId('dict-value-new').click();
      await page.getByTestId('dict-code').fill('retail');
      await page.getByTestId('dict-name-zh').fill('零售');
      await page.getByTestId('dict-name-en').fill('Retail');
      await page.getByTestId('dict-save').click();
      await expectMessage(page, 'Saved');
      await page.getByTestId('dict-values-table').getByText('Retail', { exact: true }).waitFor();
      await page.getByTestId('dict-type-actions-industry').getByRole('button', { name: 'Delete' }).click();
      await page.locator('.ant-popconfirm').filter({ visible: true }).getByRole('button').last().click();
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
