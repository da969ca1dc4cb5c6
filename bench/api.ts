// Benchmark: requests per second and p99 latency of GET /api/getLoginUser with a
// valid token, against the embedded PGlite and a real PostgreSQL. See bench/README.md.

import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { startBenchPortal } from './support/portal';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

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
  const portal = await startBenchPortal({ databaseUrl });
  const result = await loadFromAnotherProcess(`${portal.url}/api/getLoginUser`, portal.token);
  await portal.close();
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
