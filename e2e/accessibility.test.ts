import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { createReport, LOCALES, loginUser, navigate } from './support/axe-tour';
import { chooseLanguage, useConsoleSuite } from './support/console';

/**
 * What the tours do not reach at 1440 px: tabs inside a route and the header's popups (those in
 * accessibility-header-popups.test.ts). The public pages are accessibility-public-*.test.ts, the
 * menu tours accessibility-tour-*.test.ts (a file each, admin's a file per half of its
 * applications: issue 41).
 */
describe('accessibility (axe-core, WCAG 2.1 A/AA, no serious or critical violation)', () => {
  // They only read (the forms are sent incomplete): the shared portal.
  const suite = useConsoleSuite({ shared: true });

  it(
    "the software page's licence subpages (activate, maintenance, trial), in Chinese and English",
    {
      timeout: 120_000,
    },
    async () => {
      // Tabs inside a menu route: the menu tour sees only each route's first tab (issue 32 §4).
      const report = createReport();
      const page = await suite.openConsole('demo', paths.home, { locale: 'zh-CN' });
      for (const locale of LOCALES) {
        if (locale !== 'zh-CN') await chooseLanguage(page, locale);
        const { menus } = await loginUser(page, suite.portal.url, locale);
        for (const sub of ['activate', 'maintenance', 'trial']) {
          const route = `${paths.softwareDownload}?sub=${sub}`;
          await navigate(page, route, menus);
          await page.getByRole('tab', { selected: true }).last().waitFor();
          await report.check(page, locale, route);
          if (sub === 'maintenance') continue;
          // The form as a customer meets it: a serial number chosen, then sent incomplete.
          const mode = sub === 'activate' ? 'code' : 'trial';
          const form = page.getByTestId(`activation-form-${mode}`);
          await form.getByTestId('activation-sn').click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
          await page.getByTestId(`activation-submit-${mode}`).click();
          await form.locator('.ant-form-item-explain-error').first().waitFor();
          await report.check(page, locale, `${route} (filled in part, sent)`);
        }
      }
      expect(report.lines).toEqual([]);
    },
  );
});
