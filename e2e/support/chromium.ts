import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling out, which this closed network refuses.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium driven by playwright-core, with a throwaway profile folder. */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...FLAGS, `--user-data-dir=${profile}`],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
