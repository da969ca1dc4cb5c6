import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { signInScript } from './web-portal';

/** Headless Chromium from Debian, as every web bench drives it. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** One long animation frame as `recordLongFrames` keeps it. */
export type LongFrame = { start: number; duration: number; blocking: number; scripts: string[] };

/** Kept in the page from its first script on: the long animation frames and what ran in them. */
const recordLongFrames = () => {
  const frames: unknown[] = [];
  (window as unknown as { __longFrames: unknown[] }).__longFrames = frames;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      blockingDuration: number;
      scripts: {
        invoker: string;
        sourceURL: string;
        duration: number;
        forcedStyleAndLayoutDuration: number;
      }[];
    })[])
      frames.push({
        start: Math.round(entry.startTime),
        duration: Math.round(entry.duration),
        blocking: Math.round(entry.blockingDuration),
        scripts: entry.scripts
          .filter((script) => script.duration >= 10)
          .map(
            (script) =>
              `${script.invoker} ${script.sourceURL.split('/').pop()} ${Math.round(script.duration)} ms` +
              (script.forcedStyleAndLayoutDuration >= 5
                ? ` (layout ${Math.round(script.forcedStyleAndLayoutDuration)})`
                : ''),
          ),
      });
  }).observe({ type: 'long-animation-frame', buffered: true });
};

/** The long frames a page opened with `recordFrames` has had so far. */
export const longFramesOf = (page: Page) => page.evaluate('window.__longFrames') as Promise<LongFrame[]>;

/**
 * A new page at Lighthouse mobile's screen (412 x 823 CSS pixels at 1.75 device pixels each),
 * signed in as `portal.token`'s user on the portal's origin, ready for the load to measure.
 */
export async function openSignedInPhonePage(
  browser: Browser,
  portal: { url: string; token: string },
  { recordFrames = false }: { recordFrames?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });
  const page = await context.newPage();
  if (recordFrames) await page.addInitScript(recordLongFrames);
  await page.goto(`${portal.url}/404`, { waitUntil: 'networkidle' });
  await page.evaluate(signInScript(portal.token));
  return { context, page };
}

/** Lighthouse mobile's 4x CPU slowdown on `page`, through a DevTools session that stays open. */
export async function slowCpu(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}
