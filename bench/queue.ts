// Benchmark of the background job queue (bench/README.md): empty jobs, on PGlite and on
// PostgreSQL 15, with the settings the portal runs with.
// - throughput: BENCH_JOBS jobs sent first, then worked off with 1 and with 4 workers (jobs/s);
// - latency: one job at a time sent to idle workers, time from the send's commit until the
//   handler starts (what a user sees as PENDING -> RUNNING), p50 / p95 / max of BENCH_SAMPLES.
// The queue before pg-boss was measured with bench/legacy/queue-home-made.ts (see README).

import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { Db } from '../apps/server/src/db/connection';
import { type Database, openDatabase } from '../apps/server/src/db/connection';
import { createBoss } from '../apps/server/src/lib/jobs/boss';
import { JobQueue } from '../apps/server/src/lib/jobs/job-queue';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { percentile } from './support/percentile';
import { envNumber } from './support/env-number';

const JOBS = envNumber('BENCH_JOBS', 1000);
const SAMPLES = envNumber('BENCH_SAMPLES', 30);
const log = pino({ level: 'warn' });

type Row = { driver: string; workers: number; jobsPerSecond: number; p50: number; p95: number; max: number };

function queueOf(database: Database, workers: number, onRun: (data: Record<string, unknown>) => void) {
  // As services.ts builds it.
  const queue = new JobQueue(
    createBoss(database, { superviseIntervalSeconds: 30, poolSize: 3 }),
    database.db,
    log,
    {
      concurrency: workers,
      retentionSeconds: 7 * 86_400,
      heartbeatSeconds: 30,
      pollSeconds: 0.5,
    },
  );
  queue.register({
    spec: {
      name: 'bench.empty',
      maxAttempts: 1,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 1,
      timeoutSeconds: 60,
    },
    async run(job) {
      onRun(job.data);
    },
  });
  return queue;
}

const send = (database: Database, queue: JobQueue, data: Record<string, unknown>) =>
  database.db.transaction((tx) => queue.send('bench.empty', data, { tx: tx as unknown as Db }));

async function measure(driver: string, open: () => Promise<Database>, workers: number): Promise<Row> {
  const database = await open();
  await database.migrate();
  let done = 0;
  const started = new Map<number, number>();
  let allDone: () => void = () => undefined;
  // Jobs are sent before anyone works: the sender has no workers.
  const sender = queueOf(database, 0, () => undefined);
  await sender.start();
  for (let i = 0; i < JOBS; i += 1) await send(database, sender, { i });
  const finished = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const t0 = performance.now();
  const worker = queueOf(database, workers, (data) => {
    if (typeof data.sample === 'number') started.set(data.sample, performance.now());
    else if (++done === JOBS) allDone();
  });
  await worker.start();
  await finished;
  const jobsPerSecond = JOBS / ((performance.now() - t0) / 1000);

  const latencies: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    // Idle workers, at a random point of their polling cycle.
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 1000));
    await send(database, sender, { sample });
    const sent = performance.now();
    while (!started.has(sample)) await new Promise((resolve) => setTimeout(resolve, 2));
    latencies.push((started.get(sample) ?? sent) - sent);
  }
  await worker.stop(2_000);
  await sender.stop(2_000);
  await database.close();
  return {
    driver,
    workers,
    jobsPerSecond: Math.round(jobsPerSecond),
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    max: Math.round(Math.max(...latencies)),
  };
}

async function main() {
  const postgres = await startPostgres();
  let n = 0;
  const openPostgres = async () => {
    const name = `bench_queue_${process.pid}_${(n += 1)}`;
    const admin = await openDatabase({ databaseUrl: postgres.url, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`)); // a generated name
    await admin.close();
    return openDatabase({ databaseUrl: postgres.url.replace(/\/postgres$/, `/${name}`), poolSize: 10 });
  };
  const rows: Row[] = [];
  try {
    for (const workers of [1, 4]) {
      rows.push(await measure('pglite', () => openDatabase({}), workers));
      rows.push(await measure('postgres', openPostgres, workers));
    }
  } finally {
    postgres.stop();
  }
  console.log(`\nqueue (pg-boss), ${JOBS} empty jobs, ${SAMPLES} latency samples, Node ${process.version}`);
  console.log('| database | workers | jobs/s | submit -> running p50 | p95 | max |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.driver} | ${r.workers} | ${r.jobsPerSecond} | ${r.p50} ms | ${r.p95} ms | ${r.max} ms |`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
