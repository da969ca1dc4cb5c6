import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY as DEMO_ORGANISATION } from '../apps/server/src/db/seed/seed-data';
import { type UiLocale, useConsoleSuite } from './support/console';
import { expectAccessible, sidewaysCut, VIEWPORTS } from './support/page-checks';

/** The titles of the count columns whom PSIRT calls first are read by. */
const STATE_TITLES: Record<UiLocale, string[]> = {
  'en-US': ['Vulnerable', 'Outdated'],
  'zh-CN': ['存在漏洞', '版本落后'],
};

describe('customer fleets for staff on a phone in Chromium', () => {
  const suite = useConsoleSuite();

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
