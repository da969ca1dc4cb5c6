import type { GrantOptions, Page as ListPage, RoleRow, UserAdminRow } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api';
import { expectMessage, menuEntries, useConsoleSuite } from './support/console';
import { DEFAULT_PREFERENCES, resetDisplayPreferences, saveDisplayPreferences } from './support/preferences';
import { openSystemPage } from './support/system-app';

/** Ticks or unticks a menu in the role's grant drawer and saves. */
async function toggleGrant(staff: Page, role: string, title: string) {
  await staff.getByTestId(`role-actions-${role}`).getByRole('button', { name: 'Grant' }).click();
  await staff
    .getByTestId('grant-menus-mirror')
    .locator('.ant-tree-treenode')
    .filter({ has: staff.getByTitle(title, { exact: true }) })
    .locator('.ant-tree-checkbox')
    .click();
  await staff.getByTestId('role-grant-save').click();
  await expectMessage(staff, 'Saved');
}

describe('menus following what staff grant, in Chromium', () => {
  const suite = useConsoleSuite();

  it("shows a menu staff grant at the customer's next request, without a reload, and a page taken away as not permitted", async () => {
    // The demo customer holds a role of its own with two pages.
    const api = await apiAs(suite, 'admin');
    const options = await api<GrantOptions>('GET', '/sysRole/grantOptions');
    const menuId = (path: string) =>
      options.apps.flatMap((app) => app.menus).find((menu) => menu.path === path)?.id ?? 0;
    const demo = (await api<ListPage<UserAdminRow>>('GET', '/sysUser/page?q=demo')).rows.find(
      (row) => row.account === 'demo',
    );
    const role = await api<RoleRow>('POST', '/sysRole/add', {
      code: 'trial',
      nameZh: '试用客户',
      nameEn: 'Trial customer',
    });
    try {
      await api('PUT', `/sysRole/${role.id}/grants`, {
        menuIds: [menuId('/homePage'), menuId('/mirror/custmirrordownload')],
        permissionCodes: ['firmware:download'],
      });
      await api('PUT', `/sysUser/${demo?.id}/roles`, { roleCodes: ['trial'] });
      await saveDisplayPreferences(suite, 'demo', { ...DEFAULT_PREFERENCES, layout: 'sidemenu' });
      const customer = await suite.openConsole('demo', '/mirror/custmirrordownload');
      const sideMenu = customer.getByTestId('side-menu');
      await sideMenu.getByRole('link', { name: 'Firmware', exact: true }).waitFor();
      expect(await menuEntries(sideMenu)).toEqual(['Home Page', 'Firmware']);
      await customer.getByTestId('firmware-table').locator('tbody tr.ant-table-row').first().waitFor();
      // Gone if the page were loaded again.
      await customer.evaluate(() => Object.assign(window, { sameDocument: true }));

      const staff = await openSystemPage(suite, 'admin', '/system/role');
      await toggleGrant(staff, 'trial', 'Software');

      // The customer's next request (a filter of the list) brings the change along.
      await customer.getByTestId('firmware-kind').getByText('BMC', { exact: true }).click();
      await expect.poll(() => menuEntries(sideMenu)).toEqual(['Home Page', 'Firmware', 'Software']);
      expect(await customer.evaluate(() => 'sameDocument' in window)).toBe(true);

      // The page the customer is on is taken away: it says so, in the frame, at the next request.
      await toggleGrant(staff, 'trial', 'Firmware');
      const forbidden = customer.getByTestId('error-page-403');
      // A request of the page's own (the bell's) may bring the change before the click does:
      // then the filter is gone with its page, which is what is asserted below.
      await customer
        .getByTestId('firmware-kind')
        .getByText('BIOS', { exact: true })
        .click({ timeout: 5_000 })
        .catch(async (error: unknown) => {
          if (!(await forbidden.isVisible())) throw error;
        });
      await forbidden.waitFor();
      expect(await customer.getByTestId('error-page-403').innerText()).toContain(
        'no permission to access this page',
      );
      expect(await menuEntries(sideMenu)).toEqual(['Home Page', 'Software']);
      expect(new URL(customer.url()).pathname).toBe('/mirror/custmirrordownload');
      expect(await customer.evaluate(() => 'sameDocument' in window)).toBe(true);
    } finally {
      // Left as found, so that a retry of this test starts from the demo data.
      await api('PUT', `/sysUser/${demo?.id}/roles`, { roleCodes: ['customer'] });
      await api('DELETE', `/sysRole/${role.id}`);
      await resetDisplayPreferences(suite, 'demo');
    }
  });
});
