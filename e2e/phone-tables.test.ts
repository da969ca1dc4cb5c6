import { describe, expect, it } from 'vitest';
import { chooseLanguage, type UiLocale, useConsoleSuite } from './support/console';
import {
  expectPageFitsAndSave,
  headersPartlyShown,
  headerWordsBroken,
  settle,
  VIEWPORTS,
} from './support/page-checks';

const LOCALES: readonly UiLocale[] = ['zh-CN', 'en-US'];

/**
 * Staff tables of the system application, by the test id of what holds them. `fits`: the table
 * does not scroll sideways on a phone, so every title it shows shows whole (the others scroll
 * inside their card: the edge of that box may cut a title, as any sideways scrolling does).
 */
const STAFF_TABLES = [
  { path: '/system/fleet', table: 'staff-fleet-orgs', name: 'staff-fleet', fits: false },
  { path: '/system/release-notes', table: 'release-notes-page', name: 'release-notes', fits: true },
  { path: '/system/advisories', table: 'staff-advisory-table', name: 'staff-advisories', fits: true },
] as const;

/**
 * The console audited on a 390 px phone: the customer fleets widened the page to 619 px in
 * English and stacked their Chinese column titles one character per line (账/号/数), the
 * release notes broke 条目 into 条/目, and a lone 状 of the advisories' Status peeked out
 * beside the pinned actions.
 */
describe('staff tables on a 390 px phone', () => {
  const suite = useConsoleSuite({ shared: true });

  it.each(LOCALES)(
    'in %s: the page fits the window; no column title breaks inside a word, or shows in part',
    { timeout: 90_000 },
    async (locale) => {
      const page = await suite.openConsole('admin', STAFF_TABLES[0].path, { ...VIEWPORTS.phone, locale });
      if ((await page.locator('html').getAttribute('lang')) !== locale) await chooseLanguage(page, locale);
      for (const { path, table, name, fits } of STAFF_TABLES) {
        if (new URL(page.url()).pathname !== path) await page.goto(`${suite.portal.url}${path}`);
        const rows = page.getByTestId(table).locator('tbody tr.ant-table-row');
        await rows.first().waitFor();
        await settle(page);
        await expectPageFitsAndSave(page, `${name}-table`, locale, 'phone');
        expect(await headerWordsBroken(page.getByTestId(table)), `${path}: titles broken`).toEqual([]);
        if (fits)
          expect(await headersPartlyShown(page.getByTestId(table)), `${path}: titles in part`).toEqual([]);
      }
    },
  );
});
