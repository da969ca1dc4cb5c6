// Benchmark: throughput of a 1 GiB download from the portal against nginx serving the
// same file in the same run (1 and 16 concurrent curl clients), and the portal's RSS
// during 64 concurrent downloads. See bench/README.md.

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { openDatabase } from '../apps/server/src/db/connection';
import { catalogItems, catalogVersions } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { startNginx } from '../apps/server/src/test/nginx-server';
import { envNumber } from './support/env-number';

const FILE_BYTES = envNumber('BENCH_FILE_MB', 1024) * 1024 * 1024;
const RUNS = envNumber('BENCH_RUNS', 3);
const RSS_CLIENTS = 64;
const RSS_SECONDS = envNumber('BENCH_RSS_SECONDS', 15);
const ROOT = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A file of FILE_BYTES (one random MiB repeated), with its SHA-256 and MD5. */
async function writeBigFile(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const block = randomBytes(1024 * 1024);
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  const out = createWriteStream(file);
  for (let written = 0; written < FILE_BYTES; written += block.length) {
    sha256.update(block);
    md5.update(block);
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { sha256: sha256.digest('hex'), md5: md5.digest('hex') };
}

/** Seeds the portal database in `dataDir` with one public item whose version is the big file. */
async function seedBigVersion(
  where: { dataDir: string; databaseUrl?: string },
  storageKey: string,
  sums: { sha256: string; md5: string },
) {
  const database = await openDatabase(where);
  await database.migrate();
  await seedDatabase(database.db, { admin: 'Bench#Pass1', demo: 'Bench#Pass1' });
  const [item] = await database.db
    .insert(catalogItems)
    .values({
      code: 'bench-1g',
      kind: 'BMC',
      nameZh: '基准 1 GiB',
      nameEn: 'Bench 1 GiB',
      visibility: 'public',
    })
    .returning();
  const [version] = await database.db
    .insert(catalogVersions)
    .values({
      itemId: item?.id ?? 0,
      version: '1.0.0',
      status: 'published',
      releaseDate: '2026-11-22',
      fileCategory: 'firmware',
      fileName: 'bench-1g.bin',
      fileSize: FILE_BYTES,
      ...sums,
      storageKey,
      publishedAt: new Date(),
    })
    .returning();
  await database.close();
  return version?.id ?? 0;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url, { method: 'HEAD' })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** The portal as `npm run start:fast` runs it (the bundle of main.ts, file-backed PGlite), as a child process. */
async function startPortal(dataDir: string, port: number, databaseUrl?: string, offload = false) {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/main.js')],
    {
      cwd: path.join(ROOT, 'apps/server'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CAPTCHA: 'off',
        WEB_DIST_DIR: '/nonexistent',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(offload ? { DOWNLOAD_OFFLOAD: 'x-accel', DOWNLOAD_OFFLOAD_PREFIX: '/protected-files/' } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return child;
}

/**
 * nginx from Debian with its packaged defaults (sendfile on, tcp_nopush on, worker_processes auto),
 * serving `docRoot` on `port` and, on `proxyPort`, the portal at `portalPort` with the
 * X-Accel-Redirect location of docs/OPERATIONS.md.
 */
function startBenchNginx(dir: string, docRoot: string, port: number, proxyPort: number, portalPort: number) {
  return startNginx(
    dir,
    `  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${docRoot};
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location /api/ {
      proxy_pass http://127.0.0.1:${portalPort};
      proxy_set_header X-Forwarded-For $remote_addr;
    }
    location /protected-files/ {
      internal;
      alias ${docRoot}/;
    }
  }`,
    'auto',
  );
}

const run = promisify(execFile);

/** `clients` curl processes fetching `url` at once; aggregate MiB/s over the wall time. */
async function throughput(url: string, clients: number): Promise<number> {
  const started = process.hrtime.bigint();
  const sizes = await Promise.all(
    Array.from({ length: clients }, async () => {
      const { stdout } = await run('/usr/bin/curl', [
        '-s',
        '--fail',
        '-o',
        '/dev/null',
        '-w',
        '%{size_download}',
        url,
      ]);
      return Number(stdout);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (sizes.some((size) => size !== FILE_BYTES)) throw new Error(`${url}: short download ${sizes.join(',')}`);
  return (FILE_BYTES * clients) / 1024 / 1024 / seconds;
}

const rssMiB = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

/** Peak RSS of `pid` while RSS_CLIENTS downloads run (cut after RSS_SECONDS). */
async function peakRssDuring(url: string, pid: number) {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 100);
  await Promise.all(
    Array.from({ length: RSS_CLIENTS }, () =>
      run('/usr/bin/curl', ['-s', '-o', '/dev/null', '--max-time', String(RSS_SECONDS), url]).catch(
        () => undefined,
      ),
    ),
  );
  clearInterval(sampler);
  return { before, peak };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** One table row: the portal's median MiB/s against nginx's over the same runs, and each run. */
function comparedRow(clients: number | string, portalRuns: number[], nginxRuns: number[]) {
  const [p, n] = [median(portalRuns), median(nginxRuns)];
  return {
    clients,
    'portal MiB/s': Math.round(p),
    'nginx MiB/s': Math.round(n),
    'portal / nginx': Number((p / n).toFixed(2)),
    runs: portalRuns.length,
    'portal runs': portalRuns.map(Math.round).join(' '),
    'nginx runs': nginxRuns.map(Math.round).join(' '),
  };
}

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-downloads-'));
const dataDir = path.join(work, 'data');
const storageKey = 'bench/bench-1g.bin';
const file = path.join(dataDir, 'files', storageKey);
const children: ChildProcess[] = [];
// `npm start` builds the same way: the sendfile addon and the server bundle.
await run('npm', ['run', 'build', '-w', 'apps/server']);
const postgres = await startPostgres();
try {
  console.log(`writing ${FILE_BYTES / 1024 / 1024} MiB test file...`);
  const sums = await writeBigFile(file);
  const versionId = await seedBigVersion({ dataDir }, storageKey, sums);
  const [portalPort, nginxPort, proxyPort, offloadPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const portal = await startPortal(dataDir, portalPort);
  const nginx = startBenchNginx(work, path.join(dataDir, 'files'), nginxPort, proxyPort, offloadPort);
  children.push(portal, nginx);
  const portalUrl = `http://127.0.0.1:${portalPort}/api/downloads/${versionId}`;
  const nginxUrl = `http://127.0.0.1:${nginxPort}/${storageKey}`;
  await waitFor(portalUrl, portal);
  await waitFor(nginxUrl, nginx);
  // Warm the page cache once so both read from memory.
  await throughput(nginxUrl, 1);

  const rows: Record<string, string | number>[] = [];
  for (const clients of [1, 16]) {
    const portalRuns: number[] = [];
    const nginxRuns: number[] = [];
    for (let i = 0; i < (clients === 1 ? RUNS : Math.max(1, RUNS - 1)); i += 1) {
      // Alternate the order so neither server always runs on a cooler machine.
      if (i % 2 === 0) {
        nginxRuns.push(await throughput(nginxUrl, clients));
        portalRuns.push(await throughput(portalUrl, clients));
      } else {
        portalRuns.push(await throughput(portalUrl, clients));
        nginxRuns.push(await throughput(nginxUrl, clients));
      }
    }
    rows.push(comparedRow(clients, portalRuns, nginxRuns));
  }
  const rssPglite = await peakRssDuring(portalUrl, portal.pid ?? 0);

  // The same portal on PostgreSQL (DATABASE_URL): without PGlite's in-process WASM database.
  const pgVersionId = await seedBigVersion({ dataDir, databaseUrl: postgres.url }, storageKey, sums);
  const pgPort = await freePort();
  const pgPortal = await startPortal(dataDir, pgPort, postgres.url);
  children.push(pgPortal);
  const pgUrl = `http://127.0.0.1:${pgPort}/api/downloads/${pgVersionId}`;
  await waitFor(pgUrl, pgPortal);
  await throughput(pgUrl, 1);
  const rssPostgres = await peakRssDuring(pgUrl, pgPortal.pid ?? 0);
  pgPortal.kill('SIGTERM');

  // Offload: nginx in front, the portal (DOWNLOAD_OFFLOAD=x-accel) authorises and records only.
  const offloadPortal = await startPortal(dataDir, offloadPort, postgres.url, true);
  children.push(offloadPortal);
  const offloadUrl = `http://127.0.0.1:${proxyPort}/api/downloads/${pgVersionId}`;
  await waitFor(offloadUrl, offloadPortal);
  for (const clients of [1, 16]) {
    const offloadRuns: number[] = [];
    const nginxRuns: number[] = [];
    for (let i = 0; i < Math.max(1, RUNS - 1); i += 1) {
      nginxRuns.push(await throughput(nginxUrl, clients));
      offloadRuns.push(await throughput(offloadUrl, clients));
    }
    rows.push(comparedRow(`${clients} (x-accel)`, offloadRuns, nginxRuns));
  }

  console.log(
    `${FILE_BYTES / 1024 / 1024} MiB download over loopback, curl -o /dev/null, ${os.cpus().length} cores, Node ${process.version}, median of runs`,
  );
  console.table(rows);
  console.log(`portal RSS during ${RSS_CLIENTS} concurrent downloads (${RSS_SECONDS} s):`);
  console.table([
    { database: 'PGlite', 'idle MiB': Math.round(rssPglite.before), 'peak MiB': Math.round(rssPglite.peak) },
    {
      database: 'PostgreSQL',
      'idle MiB': Math.round(rssPostgres.before),
      'peak MiB': Math.round(rssPostgres.peak),
    },
  ]);
} finally {
  for (const child of children)
    if (child.exitCode === null) child.kill(child === children[1] ? 'SIGQUIT' : 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  postgres.stop();
  rmSync(work, { recursive: true, force: true });
}
