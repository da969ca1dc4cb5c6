import axe from 'axe-core';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, type UiLocale, useConsoleSuite } from './support/console';

const LOCALES: UiLocale[] = ['zh-CN', 'en-US'];
const SOFTWARE = '/tools/toolsdownload';
/** The management platform's subpages, in the order of their tabs; the tour starts at `activate`. */
const PLATFORM_SUBPAGES = ['activate', 'trial', 'maintenance', 'current', 'history', 'document', 'livecd'];
const TOP_TABS = ['boot', 'cli', 'kits', 'ukits', 'plugins', 'tools', 'documents'];

/** No spinner or skeleton left, and antd's transitions over (axe reading a fading colour sees too little contrast). */
async function settle(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-skeleton, [data-testid="full-page-spinner"]'),
  );
  await page.waitForTimeout(250);
}

/**
 * axe-core's serious and critical findings on the page: WCAG 2.1 A/AA as the other tests judge,
 * and axe's best practices, where label-title-only (a field named by its title only) lives.
 */
async function accessibilityFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { axe: injected } = window as unknown as { axe: typeof axe };
    const { violations } = await injected.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      );
  });
}

/** Clicks a tab as a person does and waits until it is the selected one. */
async function clickTab(page: Page, key: string) {
  const tab = page.locator(`.ant-tabs-tab[data-node-key="${key}"] [role="tab"]`);
  await tab.click();
  await page.locator(`.ant-tabs-tab[data-node-key="${key}"] [role="tab"][aria-selected="true"]`).waitFor();
}

/**
 * Issue 42 §4: axe found what the tour of `?sub=…` addresses did not, because a person opens one
 * subpage and clicks the next: the trial form mounted beside the activate form with the same ids
 * (label-title-only), and the "Loading…" shown while a page's code loads was 4.38:1 (color-contrast).
 */
describe('the software page reached by clicking, as a customer does (axe, both languages)', () => {
  const suite = useConsoleSuite({ shared: true });

  it.each(LOCALES)(
    '%s: loading text, then every subpage by its tab',
    { timeout: 180_000 },
    async (locale) => {
      const page = await suite.openConsole('demo', '/welcome', { locale });
      if ((await page.locator('html').getAttribute('lang')) !== locale) await chooseLanguage(page, locale);

      // Opened directly, the page's code held back: the "Loading…" the reader sees meanwhile.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const hold = async (route: Route) => {
        await held;
        await route.continue();
      };
      await page.route(/\/assets\/(software-download-page|licence-panel)-[^/]*\.js$/, hold);
      await page.goto(`${suite.portal.url}${SOFTWARE}?sub=activate`);
      const spinner = page.getByTestId('full-page-spinner');
      await spinner.waitFor();
      await page.waitForTimeout(250);
      const findings = (await accessibilityFindings(page)).map((finding) => `loading: ${finding}`);
      release();

      const check = async (where: string) => {
        await settle(page);
        for (const finding of await accessibilityFindings(page)) findings.push(`${where}: ${finding}`);
      };
      await page.getByTestId('activation-form-code').waitFor();
      await check('?sub=activate');
      for (const sub of PLATFORM_SUBPAGES.slice(1)) {
        await clickTab(page, sub);
        await check(`then ${sub}`);
      }
      // Both forms were mounted: each label names its own form's field.
      for (const mode of ['code', 'trial']) {
        const form = page.getByTestId(`activation-form-${mode}`);
        const machineCode = form.getByTestId('activation-machine-code');
        expect.soft(await machineCode.getAttribute('id')).toBe(`activation-${mode}_machineCode`);
      }
      for (const tab of TOP_TABS) {
        await clickTab(page, tab);
        await check(`then ${tab}`);
      }
      expect(findings).toEqual([]);
    },
  );
});
