// Benchmark: initial JavaScript (gzip) and Lighthouse performance (mobile and desktop
// presets) of the sign-in page and the signed-in console home, served the way
// `npm start` serves them (built app, precompressed assets). See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startBenchPortal } from './support/portal';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
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

async function main() {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error('build the web app first: npm run build -w apps/web');
  const portal = await startBenchPortal({ webDist });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...FLAGS, ...NETWORK_FLAGS, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  const storeToken = `localStorage.setItem('portal.accessToken', JSON.stringify({ value: ${JSON.stringify(portal.token)}, expiresAt: null }))`;
  const pages = [
    { name: '/user/login', path: '/user/login', signedIn: false },
    { name: 'console home (/welcome)', path: '/welcome', signedIn: true },
  ];
  const rows = [];
  try {
    for (const target of pages) {
      const page = await context.newPage();
      // Idle before listening: scripts of this page that arrive late must not count for the target.
      await page.goto(`${portal.url}/404`, { waitUntil: 'networkidle' });
      await page.evaluate(target.signedIn ? storeToken : 'localStorage.clear()');
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      await page.goto(`${portal.url}${target.path}`, { waitUntil: 'networkidle' });
      const initialJs = [...scripts].reduce((sum, script) => sum + gzipBytes(script), 0);
      if (LIST_FILES) {
        console.log(`${target.name}:`);
        const sizes = [...scripts].map((script) => ({ script, kB: kB(gzipBytes(script)) }));
        console.table(sizes.sort((a, b) => b.kB - a.kB));
      }
      await page.close();

      const scores: Record<string, number> = { mobile: Number.NaN, desktop: Number.NaN };
      for (const [preset, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ] as const) {
        if (!RUN_LIGHTHOUSE) break;
        const result = await lighthouse(
          `${portal.url}${target.path}`,
          { port: DEBUG_PORT, onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' },
          config,
        );
        scores[preset] = result?.lhr.categories.performance?.score ?? Number.NaN;
      }
      rows.push({
        page: target.name,
        'initial JS files': scripts.size,
        'initial JS gzip kB': kB(initialJs),
        'Lighthouse mobile': scores.mobile,
        'Lighthouse desktop': scores.desktop,
      });
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await portal.close();
  }
  console.log(`Built web app served by the portal, ${os.cpus().length} cores, Node ${process.version}`);
  console.table(rows);
}

await main();
