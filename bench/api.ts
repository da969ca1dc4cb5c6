// Benchmark: requests per second and p99 latency of GET /api/getLoginUser with a
// valid token, against the embedded PGlite and a real PostgreSQL. See bench/README.md.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { startPostgres } from '../apps/server/src/test/postgres-server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'Bench#Pass1';

type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};

/** autocannon runs as its own process so the load generator does not share the server's event loop. */
async function loadFromAnotherProcess(url: string, token: string): Promise<AutocannonResult> {
  const cli = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S)];
  args.push('-H', `authorization=Bearer ${token}`, '-H', 'accept-language=en-US', url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as AutocannonResult;
}

async function measure(driver: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedDatabase(database.db, { admin: PASSWORD, demo: PASSWORD });
  const config = loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  });
  const app = await buildApp({ config, database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const result = await loadFromAnotherProcess(`${url}/api/getLoginUser`, data.token);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    driver,
    'req/s (avg)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const postgres = await startPostgres();
try {
  const rows = [await measure('pglite'), await measure('postgres', postgres.url)];
  console.log(
    `GET /api/getLoginUser, ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.table(rows);
} finally {
  postgres.stop();
}
