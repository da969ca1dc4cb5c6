// Benchmark: initial JavaScript (gzip) and Lighthouse performance (mobile and desktop
// presets) of the sign-in page and the signed-in console home, and the time until the
// public pages show their first content (the sign-in form, the overseas download list's
// first row), served the way `npm start` serves them (built app, precompressed assets).
// See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { envNumber } from './support/env-number';
import { benchWebDist as webDist, signInScript, startWebBenchPortal } from './support/web-portal';

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The metrics the performance score is made of, in the units people read them in. */
function metricsOf(lhr: LighthouseResult): Record<string, string | number> {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const seconds = (id: string) => `${(value(id) / 1000).toFixed(1)} s`;
  return {
    FCP: seconds('first-contentful-paint'),
    LCP: seconds('largest-contentful-paint'),
    'Speed Index': seconds('speed-index'),
    TBT: `${Math.round(value('total-blocking-time'))} ms`,
    CLS: Number(value('cumulative-layout-shift').toFixed(3)),
  };
}

type ShiftItem = { score?: number; node?: { selector?: string; snippet?: string } };

/** Which elements moved, when the run moved any: CLS is a quarter of the score, and says nothing of where. */
function printLayoutShifts(pageName: string, lhr: LighthouseResult) {
  const items = (lhr.audits['layout-shifts']?.details as { items?: ShiftItem[] } | undefined)?.items ?? [];
  if (items.length === 0) return;
  console.log(`layout shifts on ${pageName} (Lighthouse mobile, the median run):`);
  console.table(
    items.map((item) => ({
      score: Number((item.score ?? 0).toFixed(3)),
      element: item.node?.selector ?? '',
      html: (item.node?.snippet ?? '').slice(0, 100),
    })),
  );
}

type LongTaskItem = { url?: string; duration?: number; startTime?: number };
/** `BENCH_LONG_TASKS=1`: the median mobile run's long tasks as Lighthouse simulated them. */
const LONG_TASKS = process.env.BENCH_LONG_TASKS === '1';

/** Lighthouse's own list of the main thread's long tasks (simulated 4x CPU), with the script each is charged to. */
function printLongTasks(pageName: string, lhr: LighthouseResult) {
  const items = (lhr.audits['long-tasks']?.details as { items?: LongTaskItem[] } | undefined)?.items ?? [];
  // The audit lists at most 20 tasks and does not stop at TBT's window: its sum is a guide, not the TBT.
  const over = items.reduce((sum, item) => sum + Math.max(0, (item.duration ?? 0) - 50), 0);
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
  console.log(
    `long tasks on ${pageName} (Lighthouse mobile, the median run, simulated): ${items.length}, ` +
      `${Math.round(over)} ms over 50 ms in all; the run's TBT ${Math.round(tbt)} ms`,
  );
  console.table(
    items.map((item) => ({
      'start ms': Math.round(item.startTime ?? 0),
      ms: Math.round(item.duration ?? 0),
      'over 50 ms': Math.max(0, Math.round((item.duration ?? 0) - 50)),
      script: (item.url ?? '').replace(/^https?:\/\/[^/]+/, ''),
    })),
  );
}

const DEBUG_PORT = 9333;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
const NETWORK_FLAGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Gzip size of a built file, from the .gz the build wrote next to it. */
function gzipBytes(urlPath: string): number {
  const file = path.join(webDist, decodeURIComponent(urlPath));
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
}

const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** `BENCH_LIST_FILES=1` also prints each page's scripts with their gzip sizes, largest first. */
const LIST_FILES = process.env.BENCH_LIST_FILES === '1';
/** `BENCH_LIGHTHOUSE=0` measures the scripts only (a few seconds instead of a minute). */
const RUN_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
/** `BENCH_LIGHTHOUSE_RUNS`: Lighthouse runs per page and preset, the median reported (default 1). */
const LIGHTHOUSE_RUNS = Math.max(1, envNumber('BENCH_LIGHTHOUSE_RUNS', 1));
/** `BENCH_DESKTOP=0` skips Lighthouse's desktop preset. */
const RUN_DESKTOP = process.env.BENCH_DESKTOP !== '0';
/** `BENCH_RUNS`: cold loads per page for the first-content timing (median reported). */
const RUNS = envNumber('BENCH_RUNS', 7);

/**
 * Pages timed from navigation start until what the visitor came for is visible: the public
 * pages signed out, and the console home signed in (where sign-in lands, its newest releases).
 */
const FIRST_CONTENT = [
  { name: '/user/login (form)', path: '/user/login', selector: 'form input[type="password"]' },
  {
    name: '/homePage signed in (newest releases)',
    path: '/homePage',
    selector: '[data-testid="home-newest"] ul',
    signedIn: true,
  },
  {
    name: '/user/outseadownload (first row)',
    path: '/user/outseadownload',
    selector: '[data-testid="overseas-table"] tbody tr[data-version-id]',
  },
  {
    name: '/user/outseadownloadimscli (first row)',
    path: '/user/outseadownloadimscli',
    selector: '[data-testid="overseas-table"] tbody tr[data-version-id]',
  },
];

/**
 * Runs in the page before its own scripts: records `performance.now()` (milliseconds since
 * navigation start) at the first DOM change after which `selector` matches a laid-out element,
 * so the figure does not depend on how often the test driver polls. (A string: bench/ is
 * compiled without the DOM types.)
 */
const watchFirstContent = (selector: string) => `(() => {
  const visible = () => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const observer = new MutationObserver(() => {
    if (window.__firstContent === undefined && visible()) {
      window.__firstContent = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})()`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error('build the web app first: npm run build -w apps/web');
  const portal = await startWebBenchPortal();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...FLAGS, ...NETWORK_FLAGS, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  const storeToken = signInScript(portal.token);
  // `usable`: what shows once the page can be used (the sign-in form, the home's content).
  const pages = [
    { name: '/user/login', path: '/user/login', signedIn: false, usable: 'form input[type="password"]' },
    {
      name: 'console home (/welcome)',
      path: '/welcome',
      signedIn: true,
      usable: '[data-testid="welcome-page"]',
    },
    // Where sign-in lands (spec: /homePage, the welcome page): its newest releases included.
    {
      name: 'after sign-in (/homePage)',
      path: '/homePage',
      signedIn: true,
      usable: '[data-testid="home-newest"] ul',
    },
    // The pages the home's attention panel leads to (issue 42 §1), each with its first rows.
    {
      name: 'advisories list',
      path: '/security/advisories',
      signedIn: true,
      usable: '[data-testid="advisory-table"] tbody tr[data-row-key]',
    },
    {
      name: 'My servers',
      path: '/fleet/servers',
      signedIn: true,
      usable: '[data-testid="fleet-table"] tbody tr[data-row-key]',
    },
  ];
  /** `BENCH_PAGES`: a comma-separated part of the page names to measure (e.g. `login,homePage`). */
  const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
  if (only)
    pages.splice(0, pages.length, ...pages.filter((page) => only.some((part) => page.name.includes(part))));
  const rows = [];
  const mobileMetrics: Array<Record<string, string | number>> = [];
  const firstContent = [];
  try {
    for (const target of pages) {
      const page = await context.newPage();
      // Idle before listening: scripts of this page that arrive late must not count for the target.
      await page.goto(`${portal.url}/404`, { waitUntil: 'networkidle' });
      await page.evaluate(target.signedIn ? storeToken : 'localStorage.clear()');
      const scripts = new Set<string>();
      const styles = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
        if (url.pathname.endsWith('.css')) styles.add(url.pathname);
      });
      await page.addInitScript(watchFirstContent(target.usable));
      await page.goto(`${portal.url}${target.path}`, { waitUntil: 'networkidle' });
      const initialJs = [...scripts].reduce((sum, script) => sum + gzipBytes(script), 0);
      // Style sheets too: antd's styles come either inside its JS (CSS-in-JS) or as a .css file.
      const initialCss = [...styles].reduce((sum, sheet) => sum + gzipBytes(sheet), 0);
      // The scripts that had arrived when the page became usable (the rest load after it).
      const beforeUsable: string[] = await page.evaluate(() => {
        const usableAt = (globalThis as { __firstContent?: number }).__firstContent ?? Infinity;
        return (
          performance.getEntriesByType('resource') as unknown as { name: string; responseEnd: number }[]
        )
          .filter((entry) => entry.responseEnd <= usableAt)
          .map((entry) => new URL(entry.name).pathname)
          .filter((pathname) => pathname.endsWith('.js'));
      });
      const usableJs = beforeUsable.reduce((sum, script) => sum + gzipBytes(script), 0);
      if (LIST_FILES) {
        console.log(`${target.name}:`);
        const sizes = [...scripts].map((script) => ({
          script,
          kB: kB(gzipBytes(script)),
          'before usable': beforeUsable.includes(script),
        }));
        console.table(sizes.sort((a, b) => b.kB - a.kB));
      }
      await page.close();

      const scores: Record<string, number> = { mobile: Number.NaN, desktop: Number.NaN };
      for (const [preset, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ] as const) {
        if (!RUN_LIGHTHOUSE || (preset === 'desktop' && !RUN_DESKTOP)) break;
        // The median run of LIGHTHOUSE_RUNS (by score): one run on a busy machine is noise.
        const results: LighthouseResult[] = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
          const result = await lighthouse(
            `${portal.url}${target.path}`,
            {
              port: DEBUG_PORT,
              onlyCategories: ['performance'],
              disableStorageReset: true,
              logLevel: 'error',
            },
            config,
          );
          if (result) results.push(result.lhr);
        }
        const scoreOf = (lhr: LighthouseResult) => lhr.categories.performance?.score ?? Number.NaN;
        const middle = results.sort((a, b) => scoreOf(a) - scoreOf(b))[Math.floor(results.length / 2)];
        if (!middle) continue;
        scores[preset] = scoreOf(middle);
        if (preset === 'mobile') {
          mobileMetrics.push({ page: target.name, ...metricsOf(middle) });
          printLayoutShifts(target.name, middle);
          if (LONG_TASKS) printLongTasks(target.name, middle);
        }
      }
      rows.push({
        page: target.name,
        'JS files until usable': beforeUsable.length,
        'JS gzip kB until usable': kB(usableJs),
        'JS files until idle': scripts.size,
        'JS gzip kB until idle': kB(initialJs),
        'CSS gzip kB until idle': kB(initialCss),
        'Lighthouse mobile': scores.mobile,
        'Lighthouse desktop': scores.desktop,
      });
    }

    // First content of each page, with an empty HTTP cache each time, the
    // pages taken in turn so that a burst of load on the machine falls on all of them.
    const timings = new Map<string, { ms: number[]; scripts: number[] }>(
      FIRST_CONTENT.map((target) => [target.name, { ms: [], scripts: [] }]),
    );
    for (let run = 0; run < RUNS; run++) {
      for (const target of FIRST_CONTENT) {
        const page = await context.newPage();
        await page.goto(`${portal.url}/404`, { waitUntil: 'networkidle' });
        await page.evaluate('signedIn' in target ? storeToken : 'localStorage.clear()');
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await page.addInitScript(watchFirstContent(target.selector));
        let scriptCount = 0;
        page.on('response', (response) => {
          if (new URL(response.url()).pathname.endsWith('.js')) scriptCount++;
        });
        await page.goto(`${portal.url}${target.path}`);
        const handle = await page.waitForFunction(
          () => (globalThis as { __firstContent?: number }).__firstContent,
          undefined,
          { timeout: 30_000 },
        );
        const timing = timings.get(target.name);
        timing?.ms.push(Number(await handle.jsonValue()));
        timing?.scripts.push(scriptCount);
        await cdp.detach();
        await page.close();
      }
    }
    for (const [name, { ms, scripts }] of timings) {
      firstContent.push({
        page: name,
        'median ms': Math.round(median(ms)),
        'min ms': Math.round(Math.min(...ms)),
        'max ms': Math.round(Math.max(...ms)),
        'JS files before it': median(scripts),
      });
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await portal.close();
  }
  console.log(`Built web app served by the portal, ${os.cpus().length} cores, Node ${process.version}`);
  console.table(rows);
  if (mobileMetrics.length > 0) {
    console.log('Lighthouse mobile metrics (simulated slow 4G, 4x CPU slowdown):');
    console.table(mobileMetrics);
  }
  console.log(`First content, cold cache, no throttling, median of ${RUNS} loads:`);
  console.table(firstContent);
}

await main();
