import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, type UiLocale, useConsoleSuite } from './support/console';
import { openSystemPage } from './support/system-app';

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

/** An error page (403, 404, 500, failure result) or an error alert anywhere on the page. */
const ERROR_SHOWN = '.ant-result-error, .ant-result-403, .ant-result-404, .ant-result-500, .ant-alert-error';

/** The page shows `heading` in its header, has finished loading and shows no error. */
async function expectShown(page: Page, heading: string) {
  await expect.poll(() => page.getByTestId('page-header').innerText()).toContain(heading);
  await expect.poll(() => page.locator('.ant-spin-spinning').filter({ visible: true }).count()).toBe(0);
  expect(await page.locator(ERROR_SHOWN).count(), `an error on ${page.url()}`).toBe(0);
}

/** Saves the window as `name`.png and checks it is a PNG of the window's size with content. */
async function saveScreenshot(page: Page, name: string) {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  expect(pngSize(file)).toEqual(page.viewportSize());
  // A blank or half-drawn page compresses to a few kB.
  expect(statSync(file).size).toBeGreaterThan(10_000);
}

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

    await expectShown(page, CONSOLE_TITLE[locale]);
    expect(await page.getByTestId('welcome-page').innerText()).not.toBe('');
    await saveScreenshot(page, `console-${locale}-${device}`);
  });

  it.each([
    ['desktop', DESKTOP.width],
    ['mobile', MOBILE.width],
  ] as const)(
    'saves the tasks tab and the firmware list on %s, with what each shows',
    async (device, width) => {
      const page = await suite.openConsole('demo', '/account/center?tab=tasks', DEVICES[device]);
      await expectShown(page, 'Personal center');
      const tasks = page.getByTestId('tasks-table');
      await tasks.getByRole('columnheader', { name: 'Task type' }).waitFor();
      expect(await tasks.innerText()).toContain('Status');
      await saveScreenshot(page, `tasks-en-US-${device}`);

      await page.goto(`${suite.portal.url}/mirror/custmirrordownload`);
      const firmware = page.getByTestId('firmware-table');
      await firmware.locator('tbody tr.ant-table-row').first().waitFor();
      await expectShown(page, 'Firmware');
      expect(await firmware.innerText()).toContain('M7 BMC firmware');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await saveScreenshot(page, `firmware-en-US-${device}`);
    },
  );

  it('saves each staff list page with its title and rows, and no error', async () => {
    const page = await openSystemPage(suite, 'admin', '/system/user');
    const pages = [
      { path: '/system/user', title: 'Users', testId: 'users-page', shows: 'demo' },
      { path: '/system/role', title: 'Roles', testId: 'roles-page', shows: 'Code' },
      { path: '/system/menu', title: 'Menus', testId: 'menus-page', shows: '/welcome' },
      { path: '/system/dict', title: 'Dictionaries', testId: 'dicts-page', shows: 'Code' },
      // A fresh portal has no audit entries yet: the empty table with its headers.
      { path: '/system/audit', title: 'Audit log', testId: 'audit-page', shows: 'No data', empty: true },
      { path: '/system/publishing', title: 'Publishing', testId: 'publishing-page', shows: 'BMC' },
    ];
    for (const shown of pages) {
      if (new URL(page.url()).pathname !== shown.path) await page.goto(`${suite.portal.url}${shown.path}`);
      const content = page.getByTestId(shown.testId);
      await content
        .locator(shown.empty ? '.ant-table-placeholder' : 'tbody tr.ant-table-row')
        .first()
        .waitFor();
      await expectShown(page, shown.title);
      expect(await content.innerText(), shown.path).toContain(shown.shows);
      await saveScreenshot(page, `system${shown.path.replaceAll('/', '-')}`);
    }
  });
});
