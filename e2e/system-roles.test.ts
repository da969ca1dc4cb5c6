import type { Page as ListPage, RoleRow, UserAdminRow } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeSettings, expectMessage, menuEntries, openSettings, useConsoleSuite } from './support/console';
import { apiAs } from './support/api';
import { resetDisplayPreferences } from './support/preferences';
import { openFromSystemMenu } from './support/system-menu';

/** Ticks a menu in the grant drawer's checkbox tree (each menu is checked on its own). */
async function tickMenu(page: Page, app: string, title: string) {
  await page
    .getByTestId(`grant-menus-${app}`)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle(title, { exact: true }) })
    .locator('.ant-tree-checkbox')
    .click();
}

describe('staff roles in Chromium', () => {
  const suite = useConsoleSuite();

  it('creates a role with some menus, gives it to the customer, whose side menu then shows exactly those', async () => {
    const code = `limited_${Date.now() % 1_000_000}`;
    const api = await apiAs(suite, 'admin');
    try {
      // A deep link switches the admin to the staff application.
      const page = await suite.openConsole('admin', '/system/role');
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
      await openFromSystemMenu(page, '/system/user');
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
});
