// Benchmark aid: two builds of the web app, loaded in turn (A B, then B A, ...) at Lighthouse
// mobile's screen, each page's main-thread blocking compared as medians, two ways:
//  - as Lighthouse simulates it: each main-thread task of an unslowed load (from a Chromium trace)
//    counts 4 times its length, less 50 ms, as Lighthouse's simulated 4x CPU counts a task;
//  - measured at 4x CPU slowdown: the Long Animation Frames' blocking time.
// One Lighthouse run moves by ±150 ms from load to load on this machine, and the machine's speed
// drifts within an hour: alternating the builds in one process lets both pay for the same drift.
// See bench/README.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { envNumber } from './support/env-number';
import { percentile } from './support/percentile';
import { launchBenchChromium, longFramesOf, openSignedInPhonePage, slowCpu } from './support/phone-page';
import { startWebBenchPortal } from './support/web-portal';

const [distA, distB] = process.argv.slice(2);
if (!distA || !distB)
  throw new Error('usage: npm run bench:web-ab -- DIST_A DIST_B (two built apps/web/dist folders)');
/** `BENCH_PAGES`: comma-separated paths, signed in as the demo customer (default: the two lists). */
const pages = (process.env.BENCH_PAGES ?? '/security/advisories,/fleet/servers').split(',').filter(Boolean);
/** `BENCH_ROUNDS`: loads of each page per build. */
const ROUNDS = envNumber('BENCH_ROUNDS', 8);

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
};

/**
 * Σ max(0, 4 × task − 50 ms) over the tasks of the page's main thread in `trace` (of the renderers'
 * main threads, the busiest: a spare renderer may be traced too).
 */
function simulatedBlocking(trace: string): number {
  const events = (JSON.parse(readFileSync(trace, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const tasksOf = (thread: TraceEvent) =>
    events.filter(
      (event) =>
        event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask' && event.ph === 'X',
    );
  const busiest = mainThreads
    .map(tasksOf)
    .map((tasks) => ({ tasks, total: tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) }))
    .sort((a, b) => b.total - a.total)[0];
  return (busiest?.tasks ?? []).reduce(
    (sum, task) => sum + Math.max(0, (4 * (task.dur ?? 0)) / 1000 - 50),
    0,
  );
}

const traceDir = mkdtempSync(path.join(os.tmpdir(), 'web-ab-'));

/** One load of `target` signed in: traced at full speed, or measured at 4x CPU slowdown. */
async function load(
  browser: Browser,
  portal: { url: string; token: string },
  target: string,
  traced: boolean,
) {
  const { context, page } = await openSignedInPhonePage(browser, portal, { recordFrames: !traced });
  const trace = path.join(traceDir, 'trace.json');
  if (traced)
    await browser.startTracing(page, {
      path: trace,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'],
    });
  else await slowCpu(context, page);
  await page.goto(`${portal.url}${target}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1200);
  let blocking: number;
  if (traced) {
    await browser.stopTracing();
    blocking = simulatedBlocking(trace);
  } else blocking = (await longFramesOf(page)).reduce((sum, frame) => sum + frame.blocking, 0);
  await context.close();
  return Math.round(blocking);
}

const builds = [
  { name: 'A', portal: await startWebBenchPortal(distA) },
  { name: 'B', portal: await startWebBenchPortal(distB) },
];
const browser = await launchBenchChromium();
const blocking = new Map<string, number[]>();
const add = (key: string, value: number) => blocking.set(key, [...(blocking.get(key) ?? []), value]);
try {
  for (let round = 0; round < ROUNDS; round++)
    for (const target of pages)
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        add(`${target} ${build.name} simulated`, await load(browser, build.portal, target, true));
        add(`${target} ${build.name} slowed`, await load(browser, build.portal, target, false));
      }
} finally {
  await browser.close();
  for (const build of builds) await build.portal.close();
  rmSync(traceDir, { recursive: true, force: true });
}

const median = (values: number[]) => percentile(values, 50);
console.log(`A = ${distA}, B = ${distB}; ${ROUNDS} loads each way, phone screen`);
console.table(
  pages.flatMap((target) =>
    ['simulated', 'slowed'].map((way) => {
      const a = blocking.get(`${target} A ${way}`) ?? [];
      const b = blocking.get(`${target} B ${way}`) ?? [];
      return {
        page: target,
        blocking: way === 'simulated' ? 'as Lighthouse simulates' : 'measured at 4x slowdown',
        'A median ms': median(a),
        'B median ms': median(b),
        'B / A': Number((median(b) / median(a)).toFixed(2)),
        'A loads': a.join(' '),
        'B loads': b.join(' '),
      };
    }),
  ),
);
