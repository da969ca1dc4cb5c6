import { describe, expect, it } from 'vitest';
// The demo customer's organisation: its servers include a vulnerable one.
import { DEMO_COMPANY as DEMO_ORGANISATION } from '../apps/server/src/db/seed/seed-data';
import { chooseLanguage, type UiLocale, useConsoleSuite } from './support/console';
import { expectAccessible } from './support/page-checks';

describe('customer fleets for staff in Chromium', () => {
  const suite = useConsoleSuite();

  it.each(['en-US', 'zh-CN'] as UiLocale[])(
    'staff pick an organisation and read its servers as its customer does, in %s',
    { timeout: 120_000 },
    async (locale) => {
      // A deep link switches the admin to the staff application.
      const page = await suite.openConsole('admin', '/system/fleet');
      if (locale !== 'en-US') await chooseLanguage(page, locale);
      const orgs = page.getByTestId('staff-fleet-orgs');
      await orgs.getByRole('link', { name: DEMO_ORGANISATION }).click();
      const table = page.getByTestId('fleet-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/system\/fleet\/\d+$/);
      const vulnerable = page.getByTestId('fleet-summary').getByTestId('summary-count-vulnerable');
      expect(Number(await vulnerable.innerText())).toBeGreaterThanOrEqual(1);
      expect(await table.locator('tbody').innerText()).toContain(
        locale === 'zh-CN' ? '存在漏洞' : 'Vulnerable',
      );
      // Staff read only: nothing is uploaded or bundled in the customer's name.
      expect(await page.getByTestId('fleet-upload').count()).toBe(0);
      expect(await page.getByTestId('fleet-bundle').count()).toBe(0);
      await expectAccessible(page, 'body', `the organisation's list (${locale})`);

      await table.locator('tbody tr.ant-table-row a[data-testid^="server-link-"]').first().click();
      await page.getByTestId('server-detail').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/system\/fleet\/\d+\/[^/]+$/);
      await expectAccessible(page, 'body', `a server (${locale})`);
    },
  );
});
