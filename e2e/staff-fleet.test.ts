import { describe, expect, it } from 'vitest';
import { chooseLanguage, type UiLocale, useConsoleSuite } from './support/console';
import { expectAccessible, sidewaysCut, VIEWPORTS } from './support/page-checks';
import { openSystemPage } from './support/system-app';

/** The demo customer's organisation (seed-data.ts DEMO_COMPANY): its servers include a vulnerable one. */
const DEMO_ORGANISATION = 'Demo Cloud Co., Ltd.';

/** The titles of the count columns whom PSIRT calls first are read by. */
const STATE_TITLES: Record<UiLocale, string[]> = {
  'en-US': ['Vulnerable', 'Outdated'],
  'zh-CN': ['存在漏洞', '版本落后'],
};

describe('customer fleets for staff in Chromium', () => {
  const suite = useConsoleSuite();

  it.each(['en-US', 'zh-CN'] as UiLocale[])(
    'staff pick an organisation and read its servers as its customer does, in %s',
    { timeout: 120_000 },
    async (locale) => {
      const page = await openSystemPage(suite, 'admin', '/system/fleet');
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

  it.each(['en-US', 'zh-CN'] as UiLocale[])(
    'shows each organisation with its vulnerable and outdated servers on a 390 px phone, no sideways scrolling, in %s',
    async (locale) => {
      // Whom PSIRT calls first (issue 42 §2) must be in sight on a phone too: the table scrolled
      // sideways to reach the counts, behind the accounts and servers columns.
      const page = await suite.openConsole('admin', '/system/fleet', { ...VIEWPORTS.phone, locale });
      const orgs = page.getByTestId('staff-fleet-orgs');
      const row = orgs.locator('tbody tr.ant-table-row').filter({ hasText: DEMO_ORGANISATION });
      await row.waitFor();
      // The most vulnerable first: the demo's organisation is the only one with a vulnerable server.
      expect(await orgs.locator('tbody tr.ant-table-row').first().innerText()).toContain(DEMO_ORGANISATION);
      const [vulnerable, outdated] = STATE_TITLES[locale];
      for (const [state, title] of [
        ['vulnerable', vulnerable],
        ['outdated', outdated],
      ] as const) {
        const count = row.locator(`[data-testid$="-${state}"]`);
        expect(await count.innerText()).toBe(`${title} 1`);
        expect(await sidewaysCut(count), `${title} (${locale})`).toBe('');
      }
      await expectAccessible(page, 'body', `the organisations on a phone (${locale})`);
    },
  );
});
