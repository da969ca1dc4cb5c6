import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENSHOT_DIR, VIEWPORTS } from './page-checks';

/** The two widths console-home-shown, console-lists-shown and system-list-pages open pages at. */
export const DEVICES = { desktop: VIEWPORTS.desktop, mobile: VIEWPORTS.phone } as const;

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
export async function expectShown(page: Page, heading: string) {
  await expect.poll(() => page.getByTestId('page-header').innerText()).toContain(heading);
  await expect.poll(() => page.locator('.ant-spin-spinning').filter({ visible: true }).count()).toBe(0);
  expect(await page.locator(ERROR_SHOWN).count(), `an error on ${page.url()}`).toBe(0);
}

/**
 * Only with E2E_SCREENSHOTS=1 (as support/page-checks.ts's saveScreenshot): saves the window as
 * `name`.png for a person to look at, and checks it is a PNG of the window's size with content.
 * Nothing compares these pictures, so a run takes none by default (issue 41: "compare them or
 * drop them"); what each page shows is asserted beside each call.
 */
export async function saveScreenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  expect(pngSize(file)).toEqual(page.viewportSize());
  // A blank or half-drawn page compresses to a few kB.
  expect(statSync(file).size).toBeGreaterThan(10_000);
}
