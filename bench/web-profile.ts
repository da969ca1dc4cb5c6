// Benchmark aid: where a page load's main-thread CPU goes, by script file and by function, at
// Lighthouse mobile's 4x CPU slowdown and phone viewport. bench:web says how blocked a page is;
// this says what blocks it. See bench/README.md (`bench:web-profile`).
import { chromium } from 'playwright-core';
import { envNumber } from './support/env-number';
import { signInScript, startWebBenchPortal } from './support/web-portal';

/** The pages to profile (signed in as the demo customer): the arguments, or the two lists. */
const targets =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/security/advisories', '/fleet/servers'];
/** `BENCH_RUNS`: loads per page, the sums divided by it. */
const RUNS = envNumber('BENCH_RUNS', 3);
/** `BENCH_TOP`: how many files and functions to list. */
const TOP = envNumber('BENCH_TOP', 20);
/** Where nothing ran (idle), or Chromium's own work outside any script (program): not script. */
const NOT_WORK = new Set(['(idle)', '(program)']);

type Profile = {
  nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** Microseconds of self time per sampled node. */
function selfTimes(profile: Profile): Map<number, number> {
  const times = new Map<number, number>();
  profile.samples?.forEach((id, i) => times.set(id, (times.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  return times;
}

function addTo(map: Map<string, number>, key: string, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

function printTop(title: string, map: Map<string, number>) {
  const rows = [...map]
    .filter(([key]) => !NOT_WORK.has(key.split(' ')[0] ?? key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([key, us]) => ({ [title]: key, 'ms per load': Math.round(us / 1000 / RUNS) }));
  console.table(rows);
}

const portal = await startWebBenchPortal();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const storeToken = signInScript(portal.token);
try {
  for (const target of targets) {
    const byFile = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (let run = 0; run < RUNS; run++) {
      // Lighthouse mobile's screen: 412 x 823 CSS pixels at 1.75 device pixels each.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
      });
      const page = await context.newPage();
      await page.goto(`${portal.url}/404`, { waitUntil: 'networkidle' });
      await page.evaluate(storeToken);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${portal.url}${target}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const times = selfTimes(profile);
      for (const node of profile.nodes) {
        const us = times.get(node.id) ?? 0;
        const { url, functionName, lineNumber } = node.callFrame;
        // V8's own entries ("(program)", "(idle)", "(garbage collector)") are named in parentheses.
        const native = functionName.startsWith('(') ? functionName : `(${functionName || 'native'})`;
        const file = url.split('/').pop() || native;
        addTo(byFile, file, us);
        addTo(byFunction, `${file} ${functionName || '(anonymous)'}:${lineNumber + 1}`, us);
      }
      await context.close();
    }
    const work = [...byFile].filter(([file]) => !NOT_WORK.has(file)).reduce((sum, [, us]) => sum + us, 0);
    console.log(`${target}: ${Math.round(work / 1000 / RUNS)} ms of script per load (4x slowdown)`);
    printTop('file', byFile);
    printTop('function (self time)', byFunction);
  }
} finally {
  await browser.close();
  await portal.close();
}
