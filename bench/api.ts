// Benchmark: requests per second and p50/p99 latency of the hot paths (GET /api/getLoginUser,
// called on every page load, and the catalogue version list) with a valid token, against the
// embedded PGlite and a real PostgreSQL, as ratios to a bare Fastify route and /api/health in
// the same run. See bench/README.md.

import os from 'node:os';
import Fastify from 'fastify';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { type AutocannonResult, CONNECTIONS, DURATION_S, loadFromAnotherProcess } from './support/load';
import { startBenchPortal } from './support/portal';

type Row = {
  target: string;
  'req/s': number;
  'x bare': string;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
};

function row(target: string, result: AutocannonResult, bare: number): Row {
  const rps = Math.round(result.requests.average);
  return {
    target,
    'req/s': rps,
    'x bare': bare ? (rps / bare).toFixed(3) : '1',
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A Fastify app with one route and nothing else: the ceiling of this machine and Node. */
async function bareRequestsPerSecond(): Promise<Row> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ success: true }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  const result = await loadFromAnotherProcess(`${url}/bare`, '');
  await bare.close();
  return row('bare Fastify route', result, 0);
}

async function measure(driver: 'pglite' | 'postgres', bare: number, databaseUrl?: string) {
  const portal = await startBenchPortal({ databaseUrl });
  try {
    const targets = [
      ['/api/health', '/api/health'],
      ['getLoginUser', '/api/getLoginUser'],
      ['catalogue list', '/api/catalog/versions?pageNo=1&pageSize=20'],
    ] as const;
    const rows: Row[] = [];
    for (const [name, path] of targets)
      rows.push(
        row(`${name} (${driver})`, await loadFromAnotherProcess(`${portal.url}${path}`, portal.token), bare),
      );
    return rows;
  } finally {
    await portal.close();
  }
}

const postgres = await startPostgres();
try {
  const bare = await bareRequestsPerSecond();
  const rows = [
    bare,
    ...(await measure('pglite', bare['req/s'])),
    ...(await measure('postgres', bare['req/s'], postgres.url)),
  ];
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.table(rows);
} finally {
  postgres.stop();
}
