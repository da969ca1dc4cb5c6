// Benchmark of what an idle portal costs (bench/README.md, `bench:queue-idle`): the portal as
// `npm start` runs it (its job workers and webhook dispatcher on, the default settings), with
// nothing to do, on PGlite and on PostgreSQL 15. Over BENCH_IDLE_SECONDS (default 20), after
// the start has settled: the process's CPU per second, and the statements per second the
// database committed (pg_stat_database's xact_commit: each poll of an idle queue is one).
// The queue tables hold what a busy week leaves (pg-boss keeps finished jobs for
// JOB_RETENTION_DAYS, 7): BENCH_IDLE_KEPT_JOBS finished jobs (default 50,000), most of them
// webhook deliveries, so each poll searches tables of a real size, not empty ones.

import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/connection';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { envNumber } from './support/env-number';
import { createBenchDatabase, startPortalApp } from './support/portal';

const SECONDS = envNumber('BENCH_IDLE_SECONDS', 20);
/** After the start: migrations, seeding and pg-boss's first passes are over. */
const SETTLE_MS = 3_000;
const KEPT_JOBS = envNumber('BENCH_IDLE_KEPT_JOBS', 50_000);
/** The share of the kept jobs per queue: a week of deliveries to customers' webhooks dominates. */
const KEPT_SHARES: Record<string, number> = {
  'webhook.deliver': 0.8,
  'notice.fanout': 0.1,
  'task.run': 0.06,
  'webhook.fanout': 0.02,
  'advisory.announce': 0.02,
};

type Portal = Awaited<ReturnType<typeof startPortalApp>>;

/** Finished jobs as a week of work leaves them: sent, then marked completed in the same transaction. */
async function keepFinishedJobs(portal: Portal): Promise<void> {
  const { jobs } = portal.app.services;
  for (const [queue, share] of Object.entries(KEPT_SHARES)) {
    let left = Math.round(KEPT_JOBS * share);
    while (left > 0) {
      const batch = Math.min(left, 1_000);
      left -= batch;
      await portal.db.transaction(async (tx) => {
        const data = Array.from({ length: batch }, (_, i) => ({ data: { kept: i } }));
        await jobs.sendMany(queue, data, { tx: tx as unknown as Db });
        await tx.execute(
          sql`update pgboss.job set state = 'completed', completed_on = now() where name = ${queue} and state = 'created'`,
        );
      });
    }
  }
}

type Row = { driver: string; cpuMsPerSecond: number; commitsPerSecond: number };

async function measure(driver: string, databaseUrl?: string): Promise<Row> {
  // TASK_WORKERS and WEBHOOK_WORKERS at their defaults, as a production process runs.
  const portal = await startPortalApp({ databaseUrl, demo: false });
  try {
    await keepFinishedJobs(portal);
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
  console.log(`\nan idle portal over ${SECONDS} s, ${KEPT_JOBS} finished jobs kept, Node ${process.version}`);
  console.log('| database | CPU of the process | commits/s |');
  console.log('|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.driver} | ${r.cpuMsPerSecond.toFixed(1)} ms/s | ${r.commitsPerSecond.toFixed(1)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
