import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { JobQueue } from './job-queue';
import { type JobHandler, JobWorker, PermanentJobError } from './job-worker';

const silent = pino({ level: 'silent' });
const options = { concurrency: 1, leaseMs: 30_000, pollMs: 10, sweepMs: 10 };

describe.each(DRIVERS)('the job queue on %s', (driver) => {
  let t: TestApp;
  let queue: JobQueue;
  beforeAll(async () => {
    t = await createTestApp(driver);
    queue = new JobQueue(t.db, t.clock);
  }, 60_000);
  afterAll(() => t.close());

  it('two workers sharing the queue never run one job twice', async () => {
    const runs: number[] = [];
    const handler = (name: string): JobHandler => ({
      queue: 'test.share',
      async run(job) {
        runs.push(job.id);
        // Yield, so the other worker claims while this one is busy.
        await new Promise((resolve) => setTimeout(resolve, 2));
        expect(job.lockedBy).toContain(name === 'a' ? workers[0]?.id : workers[1]?.id);
      },
    });
    const workers = [
      new JobWorker(t.db, queue, silent, options),
      new JobWorker(t.db, queue, silent, options),
    ];
    workers[0]?.register(handler('a'));
    workers[1]?.register(handler('b'));
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push((await queue.enqueue('test.share', { i })).id);
    const [a, b] = await Promise.all(workers.map((worker) => worker.runUntilIdle()));
    expect((a ?? 0) + (b ?? 0)).toBe(30);
    expect([...runs].sort((x, y) => x - y)).toEqual(ids);
    const states = await t.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.queue, 'test.share'));
    expect(states.every((row) => row.state === 'done')).toBe(true);
  });

  it('an attempt that lost its lease commits nothing', async () => {
    const worker = new JobWorker(t.db, queue, silent, options);
    const written: string[] = [];
    worker.register({
      queue: 'test.lease',
      async run(job, context) {
        // Meanwhile the lease ran out and another worker took the job.
        t.clock.advance(31_000);
        expect(await queue.reclaimExpired()).toHaveLength(1);
        const thief = await queue.claim(['test.lease'], 'thief', 30_000);
        expect(thief?.id).toBe(job.id);
        await context.finish(async () => {
          written.push('result');
        });
      },
    });
    const job = await queue.enqueue('test.lease', {});
    await worker.runUntilIdle();
    expect(written).toEqual([]);
    expect((await queue.get(job.id))?.lockedBy).toBe('thief');
  });

  it('retries failed attempts after a delay, fails for good when attempts are spent or the error is permanent', async () => {
    const worker = new JobWorker(t.db, queue, silent, options);
    const outcomes: string[] = [];
    worker.register({
      queue: 'test.fail',
      retryDelayMs: 1_000,
      async run(job) {
        if ((job.payload as { permanent?: boolean }).permanent) throw new PermanentJobError('bad input');
        throw new Error('network down');
      },
      async onFailure(_job, reason, outcome) {
        outcomes.push(`${reason}:${outcome}`);
      },
    });
    const transient = await queue.enqueue('test.fail', {}, { maxAttempts: 2 });
    const permanent = await queue.enqueue('test.fail', { permanent: true }, { maxAttempts: 5 });
    expect(await worker.runUntilIdle()).toBe(2);
    expect(outcomes).toEqual(['network down:retry', 'bad input:failed']);
    // Not before the delay.
    expect(await worker.runUntilIdle()).toBe(0);
    t.clock.advance(1_000);
    expect(await worker.runUntilIdle()).toBe(1);
    expect(outcomes.at(-1)).toBe('network down:failed');
    expect(await queue.get(transient.id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastError: 'network down',
    });
    expect(await queue.get(permanent.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('jobs enqueued in a transaction that rolls back never exist', async () => {
    await t.db
      .transaction(async (tx) => {
        await queue.enqueue('test.rollback', {}, { tx: tx as never });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await t.db.select().from(jobs).where(eq(jobs.queue, 'test.rollback'))).toEqual([]);
  });
});
