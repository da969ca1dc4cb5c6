import { type Browser, chromium } from 'playwright-core';

/**
 * The browsers of the run, both Debian's builds of the same Chromium release:
 * - `shell`, Debian's `chromium-headless-shell`: Chromium's own headless browser, the one
 *   playwright runs headless tests in. The same Blink, V8 and Skia as the full browser, without
 *   its desktop shell. Every test runs in it unless it asks otherwise: four files of the browser
 *   lane took 0.86 times the CPU and 0.85 times the time they took in the full browser (median of
 *   three pairs, bench/README.md; issue 41).
 * - `full`, Debian's `chromium` run headless: the browser people install.
 *   `full-browser.test.ts` checks the console there too.
 */
export type BrowserKind = 'shell' | 'full';

const CHROMIUM_PATHS: Record<BrowserKind, string> = {
  shell: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  full: process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium',
};

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

const shared = new Map<BrowserKind, Promise<Browser>>();

/**
 * Debian's Chromium driven by playwright-core, one of each kind for the whole run: the e2e files
 * run one after another in one worker (vitest.config.ts, isolate: false), and a launch per file
 * cost about a second of CPU. Nothing crosses files through it: every page a test opens gets a
 * new context (cookies, storage and cache of its own), closed after the test. A browser that
 * crashed or was closed is launched anew; playwright closes it when the worker exits.
 */
export async function launchChromium(kind: BrowserKind = 'shell'): Promise<{ browser: Browser }> {
  const running = await shared.get(kind)?.catch(() => undefined);
  if (running?.isConnected()) return { browser: running };
  const launching = chromium.launch({ executablePath: CHROMIUM_PATHS[kind], args: FLAGS });
  shared.set(kind, launching);
  return { browser: await launching };
}

/** Closes the run's browser of `kind` if one is running (a file that alone uses it, when done). */
export async function closeChromium(kind: BrowserKind): Promise<void> {
  const running = await shared.get(kind)?.catch(() => undefined);
  shared.delete(kind);
  await running?.close();
}
