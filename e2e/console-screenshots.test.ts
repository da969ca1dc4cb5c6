import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, type UiLocale, useConsoleSuite } from './support/console';

/** Artifacts, not committed (.tmp/ is ignored by git). */
const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/screenshots');

const DEVICES = {
  desktop: { viewport: DESKTOP },
  mobile: { viewport: MOBILE, isMobile: true, hasTouch: true },
} as const;

/** The console home's title in each language (the menu title of /welcome, from the server). */
const CONSOLE_TITLE: Record<UiLocale, string> = { 'en-US': 'Welcome', 'zh-CN': '控制台' };

/** Width and height of a PNG, read from its IHDR chunk; throws when the bytes are no PNG. */
function pngSize(file: string) {
  const bytes = readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('ascii', 12, 16) !== 'IHDR') {
    throw new Error(`${file} is not a PNG`);
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the console home is complete: data loaded, no spinner, fonts ready. */
async function waitForLoadedHome(page: Page, locale: UiLocale) {
  await page.getByTestId('welcome-page').waitFor();
  await page.getByTestId('last-login').waitFor();
  await expect.poll(() => page.getByTestId('page-header').innerText()).toContain(CONSOLE_TITLE[locale]);
  await expect.poll(() => page.getByTestId('notice-badge-count').textContent()).toBe('1');
  await expect.poll(() => page.locator('.ant-spin-spinning').filter({ visible: true }).count()).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

describe('screenshots of the signed-in console in Chromium', () => {
  const suite = useConsoleSuite();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  it.each([
    ['en-US', 'desktop'],
    ['zh-CN', 'desktop'],
    ['en-US', 'mobile'],
    ['zh-CN', 'mobile'],
  ] as const)('saves the console home in %s on %s', async (locale, device) => {
    const options = DEVICES[device];
    const page = await suite.openConsole('demo', '/welcome', { locale, ...options });
    await waitForLoadedHome(page, locale);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);

    const file = path.join(SCREENSHOT_DIR, `console-${locale}-${device}.png`);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    expect(pngSize(file)).toEqual(options.viewport);
    // A blank or half-drawn page compresses to a few kB; the console home is far richer.
    expect(statSync(file).size).toBeGreaterThan(10_000);
  });
});
