import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, type UiLocale, useConsoleSuite } from './support/console';
import { accessibilityFindings, settle } from './support/page-checks';

const LOCALES: UiLocale[] = ['zh-CN', 'en-US'];
const SOFTWARE = '/tools/toolsdownload';
/** The management platform's subpages, in the order of their tabs; the tour starts at `activate`. */
const PLATFORM_SUBPAGES = ['activate', 'trial', 'maintenance', 'current', 'history', 'document', 'livecd'];
const TOP_TABS = ['boot', 'cli', 'kits', 'ukits', 'plugins', 'tools', 'documents'];

/** Axe's best practices too: label-title-only (a field named by its title only) lives there. */
const findingsOf = (page: Page) => accessibilityFindings(page, undefined, { bestPractice: true });

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
      const findings = (await findingsOf(page)).map((finding) => `loading: ${finding}`);
      release();

      const check = async (where: string) => {
        await settle(page);
        for (const finding of await findingsOf(page)) findings.push(`${where}: ${finding}`);
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
