import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { chooseLanguage, useConsoleSuite } from './support/console';
import { createReport, LOCALES, tabInSight } from './support/axe-tour';
import { pageFitsWindow, VIEWPORTS } from './support/page-checks';

/**
 * The console on a 390 px phone (issue 42 §4): axe (WCAG 2.1 A/AA, no serious or critical
 * violation) and no page wider than the window. The menu tours on a phone are
 * accessibility-phone-tour-*.test.ts, the desktop ones accessibility-tour-*.test.ts.
 */
describe('accessibility on a phone', () => {
  // They only read (GET requests alone): the shared portal.
  const suite = useConsoleSuite({ shared: true });

  it(
    'the licence subpages on a 390 px phone, each reached by its tab, in Chinese and English',
    { timeout: 120_000 },
    async () => {
      // Audited on a phone: at 390 px antd folded the tabs that did not fit (Trial among them) into a
      // "···" menu whose button sits inside the role="tablist" (aria-required-children), and the
      // entitlements, a table of plain text scrolling sideways, were out of the keyboard's reach
      // (scrollable-region-focusable). The desktop test (accessibility.test.ts) saw neither.
      const report = createReport();
      const page = await suite.openConsole('demo', paths.softwareDownload, {
        ...VIEWPORTS.phone,
        locale: 'zh-CN',
      });
      for (const locale of LOCALES) {
        if (locale !== 'zh-CN') await chooseLanguage(page, locale);
        for (const sub of ['activate', 'maintenance', 'trial']) {
          const tab = page.locator(`.ant-tabs-tab[data-node-key="${sub}"] [role="tab"]`);
          expect(await tabInSight(tab), `the ${sub} tab in sight (${locale})`).toBe(true);
          await tab.click();
          await page.getByTestId(`licence-${sub}`).waitFor();
          await report.check(page, locale, `${paths.softwareDownload}, ${sub} tab, phone`);
          // The maintenance subpage's 320 px select widened the page to 417 px.
          expect(await pageFitsWindow(page), `the ${sub} tab fits the window (${locale})`).toBe(true);
        }
      }
      expect(report.lines).toEqual([]);
    },
  );
});
