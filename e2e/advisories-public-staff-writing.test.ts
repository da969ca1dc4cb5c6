import { describe, expect, it } from 'vitest';
import { CRITICAL_BMC } from './support/advisory-pages';
import { chooseLanguage, useConsoleSuite } from './support/console';
import { checkPage, expectAccessible, saveScreenshot } from './support/page-checks';
import { openSystemPage } from './support/system-app';

// Split from advisories-public-staff.test.ts: staff's advisory list and the form they write one in.
describe('security advisories in Chromium: staff', () => {
  const suite = useConsoleSuite({ shared: true });

  it(
    'lets staff see every advisory, the embargoed draft included, and score a vector while writing',
    {
      timeout: 90_000,
    },
    async () => {
      const page = await openSystemPage(suite, 'admin', '/system/advisories');
      const table = page.getByTestId('staff-advisory-table');
      await table.locator('tbody tr.ant-table-row').filter({ hasText: CRITICAL_BMC }).waitFor();
      expect(await table.locator('tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(3);
      // The seed's third advisory is approved but under embargo: staff see it, customers do not.
      expect(await table.locator('tbody').innerText()).toContain('Approved');
      await checkPage(page, 'advisories-staff-list', 'en-US', 'desktop');

      await page.getByTestId('advisory-new').click();
      await page.getByTestId('vulnerability-cvss31-0').fill('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
      await expect.poll(() => page.getByTestId('cvss31-preview-0').innerText()).toContain('9.8');
      await expectAccessible(page, '.ant-drawer', 'the advisory form');
      await saveScreenshot(page, 'advisories-staff-form-en-US-desktop');

      await page.keyboard.press('Escape');
      await chooseLanguage(page, 'zh-CN');
      await expect.poll(() => table.locator('thead').innerText()).toContain('状态');
      await checkPage(page, 'advisories-staff-list', 'zh-CN', 'desktop');
    },
  );
});
