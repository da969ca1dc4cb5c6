// Memory of the embedded default (PGlite): resident set size of `node dist/main.js` once it is
// ready, on a first start (empty DATA_DIR) and on a second start, for a few settings; on the
// second start also under load (getLoginUser and the catalogue list, CONNECTIONS connections,
// 10 s each: requests/s and p99) and idle after it. `npm run bench:memory` (builds the server
// first); see bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS, loadFromAnotherProcess } from './support/load';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 18998;

const rssMiB = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Reading = { idle: [number, number]; load?: { hotPaths: string; afterLoad: [number, number] } };

/** The demo customer's token: what the load sends, as a signed-in page would. */
async function demoToken(): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${PORT}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: 'Demo#Bench1' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** 10 s of each hot path; returns "getLoginUser N req/s p99 X ms; catalogue list ...". */
async function loadHotPaths(): Promise<string> {
  const token = await demoToken();
  const parts: string[] = [];
  for (const [name, route] of [
    ['getLoginUser', '/api/getLoginUser'],
    ['catalogue list', '/api/catalog/versions?pageNo=1&pageSize=20'],
  ]) {
    const result = await loadFromAnotherProcess(`http://127.0.0.1:${PORT}${route}`, token, 10);
    const errors = result.errors + result.non2xx;
    parts.push(
      `${name} ${Math.round(result.requests.average)} req/s p99 ${result.latency.p99} ms${errors ? ` (${errors} errors)` : ''}`,
    );
  }
  return parts.join('; ');
}

/**
 * Starts the portal, waits for /api/ready, reads its RSS after 5 s and after 30 s idle; with
 * `underLoad`, then loads the hot paths and reads RSS right after and after 30 s idle again.
 */
async function measure(dataDir: string, env: Record<string, string>, underLoad: boolean): Promise<Reading> {
  const child = spawn(
    process.execPath,
    [...(env.NODE_FLAGS?.split(' ') ?? []), 'dist/main.js'].filter(Boolean),
    {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        ...env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        CAPTCHA: 'off',
        LOG_LEVEL: 'error',
        ADMIN_PASSWORD: 'Admin#Bench1',
        DEMO_PASSWORD: 'Demo#Bench1',
      },
      stdio: 'ignore',
    },
  );
  const rss = () => rssMiB(child.pid ?? 0);
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('portal did not become ready');
      await idle(300);
    }
    await idle(5000);
    const early = rss();
    // V8 gives memory back when the process has been idle a while (its memory reducer).
    await idle(25_000);
    const reading: Reading = { idle: [early, rss()] };
    if (!underLoad) return reading;
    const hotPaths = await loadHotPaths();
    const justAfter = rss();
    await idle(30_000);
    return { ...reading, load: { hotPaths, afterLoad: [justAfter, rss()] } };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main() {
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'ignore' });
  const variants: Array<{ name: string; env: Record<string, string> }> = [
    { name: 'PGlite shared_buffers 128 MB (PostgreSQL default)', env: { PGLITE_SHARED_BUFFERS_MB: '128' } },
    {
      name: 'npm run start:fast: shared_buffers 16 MB, source maps (npm start until 2026-11-26)',
      env: { NODE_FLAGS: '--enable-source-maps' },
    },
    { name: '+ node --max-semi-space-size=4', env: { NODE_FLAGS: '--max-semi-space-size=4' } },
    {
      name: '+ MALLOC_ARENA_MAX=2, shared_buffers 4 MB',
      env: { NODE_FLAGS: '--max-semi-space-size=4', MALLOC_ARENA_MAX: '2', PGLITE_SHARED_BUFFERS_MB: '4' },
    },
    {
      // glibc: one arena, and large blocks always mapped and unmapped (argon2's buffers go back).
      name: 'npm start: --max-semi-space-size=2 --optimize-for-size, one malloc arena, mmap threshold 128 KiB, shared_buffers 4 MB',
      env: {
        NODE_FLAGS: '--max-semi-space-size=2 --optimize-for-size',
        MALLOC_ARENA_MAX: '1',
        MALLOC_MMAP_THRESHOLD_: '131072',
        MALLOC_TRIM_THRESHOLD_: '131072',
        PGLITE_SHARED_BUFFERS_MB: '4',
      },
    },
  ];
  const rows = [];
  for (const variant of variants) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-memory-'));
    try {
      const first = await measure(dataDir, variant.env, false);
      const second = await measure(dataDir, variant.env, true);
      rows.push({
        settings: variant.name,
        'first start MiB (5 s / 30 s)': first.idle.join(' / '),
        'second start MiB (5 s / 30 s)': second.idle.join(' / '),
        [`hot paths, ${CONNECTIONS} connections, 10 s each`]: second.load?.hotPaths ?? '',
        'after the load MiB (at once / 30 s)': second.load?.afterLoad.join(' / ') ?? '',
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `RSS of the idle portal on PGlite (ready + 5 s and + 30 s), Node ${process.version}, ${os.cpus().length} cores`,
  );
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
