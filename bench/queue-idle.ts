// Benchmark of what an idle portal costs (bench/README.md, `bench:queue-idle`): the portal as
// `npm start` runs it (its job workers and webhook dispatcher on, the default settings), with
// nothing to do, on PGlite and on PostgreSQL 15. Over BENCH_IDLE_SECONDS (default 20), after
// the start has settled: the process's CPU per second, and the statements per second the
// database committed (pg_stat_database's xact_commit: each poll of an idle queue is one).

import { sql } from 'drizzle-orm';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { envNumber } from './support/env-number';
import { createBenchDatabase, startPortalApp } from './support/portal';

const SECONDS = envNumber('BENCH_IDLE_SECONDS', 20);
/** After the start: migrations, seeding and pg-boss's first passes are over. */
const SETTLE_MS = 3_000;

type Row = { driver: string; cpuMsPerSecond: number; commitsPerSecond: number };

async function measure(driver: string, databaseUrl?: string): Promise<Row> {
  // TASK_WORKERS and WEBHOOK_WORKERS at their defaults, as a production process runs.
  const portal = await startPortalApp({ databaseUrl, demo: false });
  try {
    const commits = async () => {
      const result = (await portal.db.execute(
        sql`select xact_commit::bigint as n from pg_stat_database where datname = current_database()`,
      )) as unknown as { rows: { n: string | number }[] };
      return Number(result.rows[0]?.n ?? 0);
    };
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const commitsBefore = await commits();
    const cpuBefore = process.cpuUsage();
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const cpu = process.cpuUsage(cpuBefore);
    const elapsed = (performance.now() - t0) / 1000;
    // PostgreSQL's statistics reach pg_stat_database with a delay of up to a second.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const committed = (await commits()) - commitsBefore;
    return {
      driver,
      cpuMsPerSecond: (cpu.user + cpu.system) / 1000 / elapsed,
      commitsPerSecond: committed / (elapsed + 1),
    };
  } finally {
    await portal.close();
  }
}

async function main() {
  const postgres = await startPostgres();
  const rows: Row[] = [];
  try {
    rows.push(await measure('pglite'));
    rows.push(
      await measure('postgres', await createBenchDatabase(postgres.url, `bench_idle_${process.pid}`)),
    );
  } finally {
    postgres.stop();
  }
  console.log(`\nan idle portal over ${SECONDS} s, Node ${process.version}`);
  console.log('| database | CPU of the process | commits/s |');
  console.log('|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.driver} | ${r.cpuMsPerSecond.toFixed(1)} ms/s | ${r.commitsPerSecond.toFixed(1)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
