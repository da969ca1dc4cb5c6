// Benchmark: initial JavaScript (gzip) and Lighthouse performance (mobile and desktop
// presets) of the sign-in page and the signed-in console home, served the way
// `npm start` serves them (built app, precompressed assets). See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { seedDatabase } from '../apps/server/src/db/seed/seed';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
const PASSWORD = 'Bench#Pass1';
const DEBUG_PORT = 9333;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
const NETWORK_FLAGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function startPortal() {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error('build the web app first: npm run build -w apps/web');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDatabase(database.db, { admin: PASSWORD, demo: PASSWORD });
  const config = loadConfig({ CAPTCHA: 'off', WEB_DIST_DIR: webDist, LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const close = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, token: data.token, close };
}

/** Gzip size of a built file, from the .gz the build wrote next to it. */
function gzipBytes(urlPath: string): number {
  const file = path.join(webDist, decodeURIComponent(urlPath));
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
}

const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function main() {
  const portal = await startPortal();
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
      await page.goto(`${portal.url}/404`);
      await page.evaluate(target.signedIn ? storeToken : 'localStorage.clear()');
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      await page.goto(`${portal.url}${target.path}`, { waitUntil: 'networkidle' });
      const initialJs = [...scripts].reduce((sum, script) => sum + gzipBytes(script), 0);
      await page.close();

      const scores: Record<string, number> = {};
      for (const [preset, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ] as const) {
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
