import { afterAll, describe, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { closeChromium } from './support/chromium';
import { chooseLanguage, useConsoleSuite } from './support/console';
import { expectShown } from './support/console-pages-shown';
import { checkPage } from './support/page-checks';

/**
 * The other files open their pages in Debian's chromium-headless-shell (support/chromium.ts);
 * this one opens the console in Debian's full Chromium, the browser people install, so that a
 * fault of that browser's own (its start, its headless mode, the console's code on it) shows.
 */
describe('the console in the full Chromium', () => {
  const suite = useConsoleSuite({ shared: true, browser: 'full' });
  // The only file in it: closed here rather than left idle for the rest of the run.
  afterAll(() => closeChromium('full'));

  it("shows a customer's console home in Chinese, then in English, whole and accessible", async () => {
    const page = await suite.openConsole('demo', paths.welcome, { locale: 'zh-CN' });
    await page.getByTestId('welcome-page').waitFor();
    await expectShown(page, '控制台');
    await checkPage(page, 'full-browser-home', 'zh-CN', 'desktop');
    await chooseLanguage(page, 'en-US');
    await expectShown(page, 'Welcome');
    await checkPage(page, 'full-browser-home', 'en-US', 'desktop');
  });
});
