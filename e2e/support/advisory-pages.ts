import { advisoryPagePathOf } from '@portal/contract';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { advisories as advisoriesEn } from '../../apps/web/src/locales/en-US/advisories';
import { advisories as advisoriesZh } from '../../apps/web/src/locales/zh-CN/advisories';
import type { ConsoleSuite, UiLocale } from './console';
import { checkPage, LANGUAGES_AND_WIDTHS, openConsoleAs, sidewaysCut } from './page-checks';

/** The demo seed's advisories (issue 33): two published, one embargoed draft. */
export const CRITICAL_BMC = 'PFW-2026-0001';
export const MEDIUM_NIC = 'PFW-2026-0002';
const EMBARGOED = 'PFW-2026-0003';
const LIST_PATH = '/security/advisories';
const UPDATED = { 'en-US': advisoriesEn['column.updated'], 'zh-CN': advisoriesZh['column.updated'] } as const;

/**
 * What cuts the list's Updated title at 1440 px ('' when it shows whole): its title and products
 * columns once pushed it past the 1200 px card, cut at the edge of the table's box (issue 42 §3).
 */
export const updatedTitleCut = (table: Locator, locale: UiLocale) =>
  sidewaysCut(table.locator('thead th').filter({ hasText: UPDATED[locale] }));

/**
 * One test per width for `language` (advisories-english/-chinese.test.ts, a file per language):
 * the customer list and an advisory.
 */
export function itShowsCustomerAdvisories(suite: ConsoleSuite, language: UiLocale) {
  it.each(LANGUAGES_AND_WIDTHS.filter(([locale]) => locale === language))(
    'the customer list and an advisory in %s on a %s: readable, accessible, no sideways scrolling',
    { timeout: 120_000 },
    async (locale, device) => {
      const page = await openConsoleAs(suite, LIST_PATH, locale, device);
      const table = page.getByTestId('advisory-table');
      await table.getByTestId(`advisory-link-${CRITICAL_BMC}`).waitFor();
      await table.getByTestId(`advisory-link-${MEDIUM_NIC}`).waitFor();
      expect(await table.getByTestId(`advisory-link-${EMBARGOED}`).count(), 'the embargoed advisory').toBe(0);
      const rows = await table.locator('tbody').innerText();
      expect(rows).toContain(locale === 'zh-CN' ? '严重' : 'Critical');
      expect(rows).not.toContain('CRITICAL');
      expect(rows).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      // A phone leaves the column out (the date shows under the title).
      if (device === 'desktop') expect(await updatedTitleCut(table, locale), 'the Updated title').toBe('');
      await checkPage(page, 'advisories-list', locale, device);

      // A filter goes into the address: the filtered list is a link.
      await page.getByTestId('advisory-severity').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: locale === 'zh-CN' ? '中危' : 'Medium' })
        .click();
      await expect.poll(() => new URL(page.url()).searchParams.get('severity')).toBe('MEDIUM');
      await table.getByTestId(`advisory-link-${CRITICAL_BMC}`).waitFor({ state: 'detached' });

      await page.goto(`${suite.portal.url}${advisoryPagePathOf(CRITICAL_BMC)}`);
      const detail = page.getByTestId('advisory-detail');
      await detail.waitFor();
      expect(await detail.getByTestId('advisory-cves').innerText()).toMatch(/CVE-\d{4}-\d+/);
      expect(await detail.getByTestId('advisory-products').innerText()).not.toBe('');
      await detail.getByTestId('advisory-my-servers').waitFor();
      const csaf = await detail.getByTestId('advisory-csaf-json').getAttribute('href');
      expect(csaf).toBeTruthy();
      await checkPage(page, 'advisories-detail', locale, device);
    },
  );
}
