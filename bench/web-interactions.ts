// Benchmark: how long two of the console's first interactions take to show what they open
// (issue 42 §3: the "New advisory" drawer took 8.0 s to open the first time, 2.1 s later; the
// bell's spinner about 2.5 s). See bench/README.md (`bench:web-interactions`).
import type { Browser, Page } from 'playwright-core';
import { envNumber } from './support/env-number';
import { percentile } from './support/percentile';
import { benchToken } from './support/portal';
import { launchBenchChromium, slowCpu } from './support/phone-page';
import { signInScript, startWebBenchPortal } from './support/web-portal';

/** `BENCH_RUNS`: fresh browser contexts per case (each one's first opening is a cold one). */
const RUNS = envNumber('BENCH_RUNS', 5);
/** `BENCH_SLOWDOWN`: Chromium's CPU slowdown (1: this machine's speed; Lighthouse mobile uses 4). */
const SLOWDOWN = envNumber('BENCH_SLOWDOWN', 1);

const portal = await startWebBenchPortal();

/** A desktop page (1440 x 900) signed in with `token`, at the chosen CPU slowdown. */
async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${portal.url}/404`, { waitUntil: 'networkidle' });
  await page.evaluate(signInScript(token));
  if (SLOWDOWN > 1) await slowCpu(context, page);
  return page;
}

/** Milliseconds from the click on `trigger` until `shown` is visible. */
async function timeToShow(page: Page, trigger: string, shown: string): Promise<number> {
  const started = Date.now();
  await page.locator(trigger).click();
  await page.locator(shown).first().waitFor({ state: 'visible', timeout: 60_000 });
  return Date.now() - started;
}

type Timings = Record<string, number[]>;
const add = (timings: Timings, name: string, ms: number) => (timings[name] ??= []).push(ms);

/**
 * The staff advisories page: "New advisory" clicked once the page is read (network idle and a
 * second), until the drawer's first field shows; closed, then opened again. And the same click
 * as soon as the button shows, before the page's idle-time work: a hurried author's case.
 */
async function advisoryDrawer(browser: Browser, token: string, timings: Timings) {
  for (const hurried of [false, true]) {
    const page = await signedInPage(browser, token);
    await page.goto(`${portal.url}/system/advisories`, {
      waitUntil: hurried ? 'domcontentloaded' : 'networkidle',
    });
    await page.getByTestId('advisory-new').waitFor();
    if (!hurried) await page.waitForTimeout(1000);
    const first = await timeToShow(page, '[data-testid="advisory-new"]', '[data-testid="advisory-titleEn"]');
    add(
      timings,
      hurried ? 'New advisory, clicked at once: first opening' : 'New advisory: first opening',
      first,
    );
    if (!hurried) {
      await page.keyboard.press('Escape');
      await page.getByTestId('advisory-form').waitFor({ state: 'hidden' });
      const again = await timeToShow(
        page,
        '[data-testid="advisory-new"]',
        '[data-testid="advisory-titleEn"]',
      );
      add(timings, 'New advisory: second opening', again);
    }
    await page.context().close();
  }
}

/** The customer's bell on the console home: clicked once the page is read, until a notice shows. */
async function bell(browser: Browser, token: string, timings: Timings) {
  const page = await signedInPage(browser, token);
  await page.goto(`${portal.url}/homePage`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  add(
    timings,
    'bell: notices shown',
    await timeToShow(page, '[data-testid="notice-icon"]', '[data-testid="notice-item"]'),
  );
  await page.context().close();
}

const browser = await launchBenchChromium();
try {
  const [admin, customer] = [await benchToken(portal.url, 'admin'), portal.token];
  const timings: Timings = {};
  for (let run = 0; run < RUNS; run++) {
    await advisoryDrawer(browser, admin, timings);
    await bell(browser, customer, timings);
  }
  console.log(`bench:web-interactions, ${RUNS} runs, CPU slowdown ${SLOWDOWN}x, desktop 1440 x 900`);
  console.table(
    Object.entries(timings).map(([interaction, ms]) => ({
      interaction,
      'median ms': percentile(ms, 50),
      'max ms': Math.max(...ms),
      each: ms.join(', '),
    })),
  );
} finally {
  await browser.close();
  await portal.close();
}
