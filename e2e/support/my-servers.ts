import { expect, it } from 'vitest';
import { fleet as fleetEn } from '../../apps/web/src/locales/en-US/fleet';
import { fleet as fleetZh } from '../../apps/web/src/locales/zh-CN/fleet';
import { type ConsoleSuite, pathOf, type UiLocale } from './console';
import { checkPage, type Device, LANGUAGES_AND_WIDTHS, openConsoleAs, sidewaysCut } from './page-checks';

/** My servers (issue 34): the demo customer's seeded inventories have at least one vulnerable server. */
export const LIST_PATH = '/fleet/servers';
const WORST_STATE = { 'en-US': fleetEn['column.state'], 'zh-CN': fleetZh['column.state'] } as const;

/**
 * The test for `language` on `only` (fleet-servers-english/-chinese.test.ts on a desktop, their
 * *-phone.test.ts on a phone: a file per language and width, issue 41): the fleet summary, a
 * filtered list that survives a reload, and a server.
 */
export function itShowsMyServers(suite: ConsoleSuite, language: UiLocale, only: Device) {
  it.each(LANGUAGES_AND_WIDTHS.filter(([locale, device]) => locale === language && device === only))(
    'the fleet summary, a filtered list that survives a reload and a server in %s on a %s',
    { timeout: 120_000 },
    async (locale, device) => {
      const page = await openConsoleAs(suite, LIST_PATH, locale, device);
      const summary = page.getByTestId('fleet-summary');
      const table = page.getByTestId('fleet-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      expect(
        Number(await summary.getByTestId('summary-count-vulnerable').innerText()),
      ).toBeGreaterThanOrEqual(1);
      const rows = await table.locator('tbody').innerText();
      expect(rows).toContain(locale === 'zh-CN' ? '存在漏洞' : 'Vulnerable');
      expect(rows).not.toMatch(/\bvulnerable\b|\d{4}-\d{2}-\d{2}T/);
      // The worst state shows whole, its title and its cells: at 390 px it was cut at the edge of
      // the table's box, beside the model (issue 42 §3).
      const stateTitle = table.locator('thead th').filter({ hasText: WORST_STATE[locale] });
      expect(await sidewaysCut(stateTitle), 'the worst-state title').toBe('');
      const firstState = table.locator('tbody tr.ant-table-row [data-testid^="state-"]').first();
      expect(await sidewaysCut(firstState), "the first row's worst state").toBe('');
      await checkPage(page, 'fleet-list', locale, device);

      // The state picked in the summary goes into the address, and a reload keeps it.
      await summary.getByTestId('summary-vulnerable').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('vulnerable');
      await page.reload();
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      expect(new URL(page.url()).searchParams.get('state')).toBe('vulnerable');
      expect(await summary.getByTestId('summary-vulnerable').getAttribute('aria-pressed')).toBe('true');
      const states = await table.locator('tbody tr.ant-table-row [data-testid^="state-"]').all();
      for (const state of states) expect(await state.getAttribute('data-testid')).toBe('state-vulnerable');

      await table.locator('tbody tr.ant-table-row a[data-testid^="server-link-"]').first().click();
      const detail = page.getByTestId('server-detail');
      await detail.waitFor();
      expect(pathOf(page)).toMatch(/^\/fleet\/servers\/[^/]+$/);
      const advisories = detail.getByTestId('component-advisories').first();
      await advisories.waitFor();
      expect(await advisories.getByRole('link').first().getAttribute('href')).toMatch(
        /^\/security\/advisories\//,
      );
      expect(await detail.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T|\bCRITICAL\b|\bHIGH\b/);
      await checkPage(page, 'fleet-detail', locale, device);
    },
  );
}
