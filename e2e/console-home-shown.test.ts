import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type UiLocale, useConsoleSuite } from './support/console';
import { DEVICES, expectShown, saveScreenshot } from './support/console-pages-shown';

/** The console home's title in each language (the menu title of /welcome, from the server). */
const CONSOLE_TITLE: Record<UiLocale, string> = { 'en-US': 'Welcome', 'zh-CN': '控制台' };

/** Waits until the console home is complete: data loaded, no spinner, fonts ready. */
async function waitForLoadedHome(page: Page, locale: UiLocale) {
  await page.getByTestId('welcome-page').waitFor();
  await page.getByTestId('last-login').waitFor();
  await expect.poll(() => page.getByTestId('page-header').innerText()).toContain(CONSOLE_TITLE[locale]);
  // The welcome notice, and the two demo advisories that concern the demo customer's servers.
  await expect.poll(() => page.getByTestId('notice-badge-count').textContent()).toBe('3');
  await expect.poll(() => page.locator('.ant-spin-spinning').filter({ visible: true }).count()).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

describe('the signed-in console home in both languages in Chromium', () => {
  const suite = useConsoleSuite();

  it.each([
    ['en-US', 'desktop'],
    ['zh-CN', 'desktop'],
    ['en-US', 'mobile'],
    ['zh-CN', 'mobile'],
  ] as const)('shows the console home, loaded and without error, in %s on %s', async (locale, device) => {
    const options = DEVICES[device];
    const page = await suite.openConsole('demo', '/welcome', { locale, ...options });
    await waitForLoadedHome(page, locale);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);

    await expectShown(page, CONSOLE_TITLE[locale]);
    expect(await page.getByTestId('welcome-page').innerText()).not.toBe('');
    await saveScreenshot(page, `console-${locale}-${device}`);
  });
});
