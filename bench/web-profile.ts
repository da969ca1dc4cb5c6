// Benchmark aid: where a page load's main-thread CPU goes, by script file and by function, at
// Lighthouse mobile's 4x CPU slowdown and phone viewport. bench:web says how blocked a page is;
// this says what blocks it. See bench/README.md (`bench:web-profile`).
import { envNumber } from './support/env-number';
import { launchBenchChromium, longFramesOf, openSignedInPhonePage, slowCpu } from './support/phone-page';
import { startWebBenchPortal } from './support/web-portal';

/** The pages to profile (signed in as the demo customer): the arguments, or the two lists. */
const targets =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/security/advisories', '/fleet/servers'];
/** `BENCH_RUNS`: loads per page, the sums divided by it. */
const RUNS = envNumber('BENCH_RUNS', 3);
/** `BENCH_TOP`: how many files and functions to list. */
const TOP = envNumber('BENCH_TOP', 20);
/** Where nothing ran (idle), or Chromium's own work outside any script (program): not script. */
const NOT_WORK = new Set(['(idle)', '(program)']);
/** `BENCH_LONG_TASKS=1`: also list each load's main-thread tasks over 50 ms, with what ran in them. */
const LONG_TASKS = process.env.BENCH_LONG_TASKS === '1';

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

/**
 * The profile's runs of work with no idle sample between them, over 50 ms (at the 4x slowdown), each
 * with the script files that ran most in it: what a long task was made of.
 */
function printBusyRuns(profile: Profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  let run: { start: number; us: number; files: Map<string, number> } | null = null;
  let clock = 0;
  const end = () => {
    if (run && run.us >= 50_000) {
      const files = [...run.files]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([file, us]) => `${file} ${Math.round(us / 1000)}`);
      console.log(
        `  busy at ${Math.round(run.start / 1000)} ms for ${Math.round(run.us / 1000)} ms: ${files.join(', ')}`,
      );
    }
    run = null;
  };
  profile.samples?.forEach((id, i) => {
    const delta = profile.timeDeltas?.[i] ?? 0;
    clock += delta;
    const frame = nodes.get(id);
    if (!frame || frame.functionName === '(idle)') return end();
    run ??= { start: clock, us: 0, files: new Map() };
    run.us += delta;
    const file = frame.url.split('/').pop() || `(${frame.functionName || 'native'})`;
    addTo(run.files, file, delta);
  });
  end();
}

const portal = await startWebBenchPortal();
const browser = await launchBenchChromium();
try {
  for (const target of targets) {
    const byFile = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await openSignedInPhonePage(browser, portal, { recordFrames: LONG_TASKS });
      const cdp = await slowCpu(context, page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${portal.url}${target}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      if (LONG_TASKS) {
        const frames = await longFramesOf(page);
        const blocking = frames.reduce((sum, frame) => sum + frame.blocking, 0);
        console.log(`${target} load ${run + 1}: ${frames.length} long frames, ${blocking} ms blocking`);
        for (const frame of frames)
          console.log(
            `  at ${frame.start} ms: ${frame.duration} ms (${frame.blocking} blocking) ${frame.scripts.join('; ')}`,
          );
      }
      const times = selfTimes(profile);
      if (LONG_TASKS) printBusyRuns(profile);
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
