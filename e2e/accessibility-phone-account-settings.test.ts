import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { chooseLanguage, useConsoleSuite } from './support/console';
import { createReport, LOCALES } from './support/axe-tour';
import { pageFitsWindow, VIEWPORTS } from './support/page-checks';

// Split from accessibility-phone.test.ts: the account settings sections on a 390 px phone.
describe('accessibility on a phone: the account settings', () => {
  // It only reads (GET requests alone): the shared portal.
  const suite = useConsoleSuite({ shared: true });

  it('the account settings sections on a 390 px phone, each reached by its menu entry, in Chinese and English', async () => {
    // Audited on a phone: antd's horizontal menu hid the sections that did not fit in an overflow
    // whose links stayed focusable (aria-hidden-focus); every section must be in sight instead.
    const report = createReport();
    const page = await suite.openConsole('demo', `${paths.accountSettings}/base`, {
      ...VIEWPORTS.phone,
      locale: 'zh-CN',
    });
    const menu = page.getByTestId('account-settings-menu');
    await menu.waitFor();
    for (const locale of LOCALES) {
      if (locale !== 'zh-CN') await chooseLanguage(page, locale);
      const links = menu.locator('a[href^="/account/settings/"]');
      const hrefs = await links.evaluateAll((anchors) =>
        anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
      );
      expect(hrefs.length, 'settings sections').toBeGreaterThan(3);
      for (const href of hrefs) {
        const link = menu.locator(`a[href="${href}"]`);
        expect(await link.isVisible(), `${href} in sight (${locale})`).toBe(true);
        await link.click();
        await page.waitForURL(`**${href}`);
        await report.check(page, locale, `${href}, phone`);
        expect(await pageFitsWindow(page), `${href} fits the window (${locale})`).toBe(true);
      }
    }
    expect(report.lines).toEqual([]);
  });
});
