import { describe, expect, it } from 'vitest';
import { useConsoleSuite } from './support/console';
import { expectShown, saveScreenshot } from './support/console-pages-shown';
import { openFromSystemMenu } from './support/system-menu';

describe("the staff application's list pages in Chromium", () => {
  const suite = useConsoleSuite();

  it('shows each staff list page with its title and rows, and no error', async () => {
    // A deep link switches the admin to the staff application (no detour through the home page).
    const page = await suite.openConsole('admin', '/system/user');
    const pages = [
      { path: '/system/user', title: 'Users', testId: 'users-page', shows: 'demo' },
      { path: '/system/role', title: 'Roles', testId: 'roles-page', shows: 'Code' },
      { path: '/system/menu', title: 'Menus', testId: 'menus-page', shows: '/welcome' },
      { path: '/system/dict', title: 'Dictionaries', testId: 'dicts-page', shows: 'Code' },
      // A fresh portal has no audit entries yet: the empty table with its headers.
      { path: '/system/audit', title: 'Audit log', testId: 'audit-page', shows: 'No data', empty: true },
      { path: '/system/publishing', title: 'Publishing', testId: 'publishing-page', shows: 'BMC' },
    ];
    for (const shown of pages) {
      if (new URL(page.url()).pathname !== shown.path) await openFromSystemMenu(page, shown.path);
      const content = page.getByTestId(shown.testId);
      await content
        .locator(shown.empty ? '.ant-table-placeholder' : 'tbody tr.ant-table-row')
        .first()
        .waitFor();
      await expectShown(page, shown.title);
      expect(await content.innerText(), shown.path).toContain(shown.shows);
      await saveScreenshot(page, `system${shown.path.replaceAll('/', '-')}`);
    }
  });
});
