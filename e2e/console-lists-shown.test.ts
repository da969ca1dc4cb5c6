import { describe, expect, it } from 'vitest';
import { clickMenuLink, DESKTOP, MOBILE, useConsoleSuite } from './support/console';
import { DEVICES, expectShown, saveScreenshot } from './support/console-pages-shown';

describe("the customer's tasks and firmware lists in Chromium", () => {
  const suite = useConsoleSuite();

  it.each([
    ['desktop', DESKTOP.width],
    ['mobile', MOBILE.width],
  ] as const)(
    'shows the tasks tab and the firmware list on %s, with what each shows',
    async (device, width) => {
      const page = await suite.openConsole('demo', '/account/center?tab=tasks', DEVICES[device]);
      await expectShown(page, 'Personal center');
      const tasks = page.getByTestId('tasks-table');
      await tasks.getByRole('columnheader', { name: 'Task type' }).waitFor();
      expect(await tasks.innerText()).toContain('Status');
      await saveScreenshot(page, `tasks-en-US-${device}`);

      // On through the menu, as a person goes (on a phone, in its drawer): no second start of the app.
      if (device === 'mobile') {
        await page.getByTestId('menu-toggle').tap();
        await page
          .getByTestId('mobile-menu-drawer')
          .getByRole('link', { name: 'Firmware', exact: true })
          .tap();
      } else {
        await clickMenuLink(page.getByTestId('nav-menu-horizontal'), 'Firmware');
      }
      await page.waitForURL((url) => url.pathname === '/mirror/custmirrordownload');
      const firmware = page.getByTestId('firmware-table');
      await firmware.locator('tbody tr.ant-table-row').first().waitFor();
      await expectShown(page, 'Firmware');
      expect(await firmware.innerText()).toContain('M7 BMC firmware');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await saveScreenshot(page, `firmware-en-US-${device}`);
    },
  );
});
