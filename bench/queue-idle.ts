// Benchmark of what an idle portal costs (bench/README.md, `bench:queue-idle`): the portal as
// `npm start` runs it (its job workers and webhook dispatcher on, the default settings), with
// nothing to do, on PGlite and on PostgreSQL 15. Over BENCH_IDLE_SECONDS (default 60, two of
// pg-boss's supervise passes), after the start has settled: the process's CPU per second, and the
// statements per second the database committed (pg_stat_database's xact_commit: each poll of an
// idle queue is one).
// The queue tables hold what a busy week leaves (pg-boss keeps finished jobs for
// JOB_RETENTION_DAYS, 7): BENCH_IDLE_KEPT_JOBS jobs (default 50,000), most of them webhook
// deliveries, so each poll searches tables of a real size, not empty ones. Each job's values are
// drawn on their own: its state (mostly completed, some failed or cancelled, and deliveries to a
// receiver that is down waiting out a backoff of up to 6 h), when it finished within the week,
// its account (a few accounts send most deliveries) and its payload's size (0.1-3 KB).

import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/connection';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { envNumber } from './support/env-number';
import { createBenchDatabase, startPortalApp } from './support/portal';

const SECONDS = envNumber('BENCH_IDLE_SECONDS', 60);
/**
 * After the kept jobs are in: pg-boss's first supervise pass (JOB_SUPERVISE_SECONDS, 30) has
 * walked every queue for expired jobs, which it then does once a day, and the first round of
 * PGlite's vacuum (a minute after the start) has come and gone, so the window sees an idle
 * portal's steady state, not its start.
 */
const SETTLE_SECONDS = envNumber('BENCH_IDLE_SETTLE_SECONDS', 65);
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

/** Accounts whose webhooks the deliveries go to: a few busy ones, many quiet ones. */
const ACCOUNTS = 500;
const account = () => Math.floor(ACCOUNTS * Math.random() ** 3);
/** A delivery's or notice's payload, 0.1 to 3 KB. */
const payload = (i: number) => ({ kept: i, body: 'x'.repeat(100 + Math.floor(Math.random() * 2_900)) });

/**
 * Jobs as a week of work leaves them: sent, then, in the same transaction, each given a state and
 * times drawn on its own. Only webhook deliveries wait out a backoff (a receiver that is down);
 * those are not due within the bench, so the polls find nothing to run, as in an idle portal.
 */
async function keepWeekOfJobs(portal: Portal): Promise<void> {
  const { jobs } = portal.app.services;
  for (const [queue, share] of Object.entries(KEPT_SHARES)) {
    const retryShare = queue === 'webhook.deliver' ? 0.05 : 0;
    let left = Math.round(KEPT_JOBS * share);
    while (left > 0) {
      const batch = Math.min(left, 1_000);
      left -= batch;
      await portal.db.transaction(async (tx) => {
        const data = Array.from({ length: batch }, (_, i) => ({
          data: payload(i),
          ...(queue === 'webhook.deliver' ? { group: `account-${account()}` } : {}),
        }));
        await jobs.sendMany(queue, data, { tx: tx as unknown as Db });
        await tx.execute(sql`
          update pgboss.job j
             set state = (case when d.r < ${retryShare} then 'retry'
                               when d.r < ${retryShare} + 0.04 then 'failed'
                               when d.r < ${retryShare} + 0.05 then 'cancelled'
                               else 'completed' end)::pgboss.job_state,
                 created_on = now() - d.age,
                 started_on = now() - d.age + interval '1 second',
                 retry_count = case when d.r < ${retryShare} + 0.04 then 1 + floor(random() * 5)::int else 0 end,
                 start_after = case when d.r < ${retryShare} then now() + random() * interval '6 hours'
                                    else now() - d.age end,
                 completed_on = case when d.r < ${retryShare} then null
                                     else now() - d.age + random() * interval '30 seconds' end
            from (select id, random() as r, random() * interval '7 days' as age
                    from pgboss.job where name = ${queue} and state = 'created') d
           where j.name = ${queue} and j.id = d.id`);
      });
    }
  }
}

type Row = {
  driver: string;
  cpuMsPerSecond: number;
  commitsPerSecond: number;
  /**
   * PGlite: one round of its vacuum over a whole week of jobs left at once: its time, the tables,
   * and what the process's resident memory grew by (PGlite's WebAssembly memory never shrinks).
   */
  weekVacuum?: { ms: number; tables: number; rssGrowthMib: number };
};

/**
 * The longest a vacuum round holds PGlite's one connection in this shape of use: another week of
 * jobs left at once, then one round, timed. A running portal vacuums the job table each time a
 * fifth of it has changed (autovacuum's threshold), so with fewer dead rows each time.
 */
async function timeWeekVacuum(portal: Portal): Promise<Row['weekVacuum']> {
  const vacuumDue = portal.database.vacuumDue;
  if (!vacuumDue) return undefined;
  // The portal's own rounds stop first, so none runs beside the timed one.
  await portal.app.services.pgliteVacuum?.stop();
  await keepWeekOfJobs(portal);
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const { done } = await vacuumDue();
  const ms = performance.now() - t0;
  return { ms, tables: done.length, rssGrowthMib: (process.memoryUsage().rss - rssBefore) / 2 ** 20 };
}

async function measure(driver: string, databaseUrl?: string): Promise<Row> {
  // TASK_WORKERS and WEBHOOK_WORKERS at their defaults, as a production process runs.
  const portal = await startPortalApp({ databaseUrl, demo: false });
  try {
    await keepWeekOfJobs(portal);
    const commits = async () => {
      const result = (await portal.db.execute(
        sql`select xact_commit::bigint as n from pg_stat_database where datname = current_database()`,
      )) as unknown as { rows: { n: string | number }[] };
      return Number(result.rows[0]?.n ?? 0);
    };
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
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
      weekVacuum: await timeWeekVacuum(portal),
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
  console.log(
    `\nan idle portal over ${SECONDS} s, ${KEPT_JOBS} jobs of a week kept, Node ${process.version}`,
  );
  console.log('| database | CPU of the process | commits/s | a vacuum round after a week of jobs |');
  console.log('|---|---|---|---|');
  for (const r of rows) {
    const vacuum = r.weekVacuum
      ? `${r.weekVacuum.ms.toFixed(0)} ms, ${r.weekVacuum.tables} tables, memory +${r.weekVacuum.rssGrowthMib.toFixed(0)} MiB`
      : 'autovacuum (the server)';
    console.log(
      `| ${r.driver} | ${r.cpuMsPerSecond.toFixed(1)} ms/s | ${r.commitsPerSecond.toFixed(1)} | ${vacuum} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
