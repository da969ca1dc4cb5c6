import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';

/** Clicks `trigger` and returns the file the browser saved. */
export async function downloadBy(
  page: Page,
  trigger: Locator,
): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}
