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

let shared: Promise<Browser> | undefined;

/**
 * Debian's Chromium driven by playwright-core, one for the whole run: the e2e files run one after
 * another in one worker (vitest.config.ts, isolate: false), and a launch per file cost about a
 * second of CPU. Nothing crosses files through it: every page a test opens gets a new context
 * (cookies, storage and cache of its own), closed after the test. A browser that crashed or was
 * closed is launched anew; playwright closes it when the worker exits.
 */
export async function launchChromium(): Promise<{ browser: Browser }> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return { browser: running };
  shared = chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
  return { browser: await shared };
}
