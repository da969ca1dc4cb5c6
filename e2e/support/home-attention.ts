import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { type ConsoleSuite, pathOf } from './console';
import {
  accessibilityFindings,
  type Device,
  LANGUAGES_AND_WIDTHS,
  openConsoleAs,
  pageFitsWindow,
  saveScreenshot,
  settle,
} from './page-checks';

/**
 * The landing pages' attention panel (issue 42 §1): the demo customer's seeded fleet has one
 * vulnerable and one outdated server, and the panel says so, in both languages, with links that
 * land on My servers filtered by that state.
 */
export const STATE_NAMES = {
  'en-US': { vulnerable: 'Vulnerable', outdated: 'Outdated' },
  'zh-CN': { vulnerable: '存在漏洞', outdated: '版本落后' },
} as const;

export const countOf = async (page: Page, state: string) =>
  (await page.getByTestId(`attention-${state}`).locator('strong').innerText()).trim();

/** The demo's two published advisories, both concerning the demo customer's servers, most severe first. */
const MY_ADVISORIES = ['PFW-2026-0001', 'PFW-2026-0002'];

/** The panel's advisories in the order shown: each ID and the score its severity line ends with. */
const advisoriesShown = (page: Page) =>
  page
    .getByTestId('attention-advisories')
    .locator('li')
    .evaluateAll((lines) =>
      lines.map((line) => ({
        id: line.querySelector('[data-testid^="attention-advisory-"]')?.getAttribute('data-testid') ?? '',
        score: Number(/(\d+(?:\.\d+)?)\s*$/.exec(line.querySelector('span')?.textContent ?? '')?.[1]),
      })),
    );

/** The advisories shown are the demo's two, highest score first. */
export async function expectMostSevereFirst(page: Page) {
  const shown = await advisoriesShown(page);
  expect(shown.map(({ id }) => id.replace('attention-advisory-', ''))).toEqual(MY_ADVISORIES);
  const scores = shown.map(({ score }) => score);
  expect(scores.every(Number.isFinite), `scores ${scores.join(', ')}`).toBe(true);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
}

/**
 * The panel on /homePage in both languages on the `only` device (home-attention on a desktop,
 * home-attention-phone on a phone): one test each.
 */
export function itShowsHomePagePanel(suite: ConsoleSuite, only: Device) {
  it.each(LANGUAGES_AND_WIDTHS.filter(([, device]) => device === only))(
    'shows 1 vulnerable and 1 outdated server on /homePage, each leading to My servers filtered, in %s on a %s',
    { timeout: 120_000 },
    async (locale, device) => {
      const page = await openConsoleAs(suite, '/homePage', locale, device);
      const panel = page.getByTestId('home-attention');
      await panel.getByTestId('attention-counts').waitFor();
      expect(await countOf(page, 'vulnerable')).toBe('1');
      expect(await countOf(page, 'outdated')).toBe('1');
      const names = STATE_NAMES[locale];
      expect(await page.getByTestId('attention-vulnerable').innerText()).toContain(names.vulnerable);
      expect(await page.getByTestId('attention-outdated').innerText()).toContain(names.outdated);
      // Servers needing attention: never "all current".
      expect(await panel.getByTestId('attention-all-current').count()).toBe(0);
      // The advisories that concern the demo's servers, most severe first.
      const advisories = panel.locator('[data-testid^="attention-advisory-"]');
      await advisories.first().waitFor();
      await expectMostSevereFirst(page);
      expect(await panel.innerText()).not.toMatch(/pages\.home|\{\{/);
      await settle(page);
      expect(await accessibilityFindings(page, 'body'), `axe (${locale}, ${device})`).toEqual([]);
      expect(await pageFitsWindow(page), `fits the window (${locale}, ${device})`).toBe(true);
      await saveScreenshot(page, `home-attention-${locale}-${device}`, { fullPage: true });

      for (const state of ['vulnerable', 'outdated'] as const) {
        await page.getByTestId(`attention-${state}`).click();
        await expect.poll(() => pathOf(page)).toBe('/fleet/servers');
        expect(new URL(page.url()).searchParams.get('state')).toBe(state);
        const rows = page.getByTestId('fleet-table').locator('tbody tr.ant-table-row');
        await rows.first().waitFor();
        expect(await rows.count()).toBe(1);
        expect(await rows.first().getByTestId(`state-${state}`).count()).toBe(1);
        await page.goBack();
        await panel.getByTestId('attention-counts').waitFor();
      }
    },
  );
}
