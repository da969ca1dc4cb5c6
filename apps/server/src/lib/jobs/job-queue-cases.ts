import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../db/schema';
import { createTestApp, type Driver, type TestApp } from '../../test/test-app';
import { createBoss } from './boss';
import { JobQueue } from './job-queue';
import { type FailureReason, type JobHandler, PermanentJobError, type QueueSpec } from './job-types';
import { until } from '../../test/until';

const silent = pino({ level: 'silent' });

const spec = (name: string, more: Partial<QueueSpec> = {}): QueueSpec => ({
  name,
  maxAttempts: 1,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 4,
  timeoutSeconds: 60,
  ...more,
});

/**
 * The job queue's cases on one driver: a file each (job-queue-pglite.test.ts and
 * job-queue-postgres.test.ts), since most of their time is real waiting (retry delays of whole
 * seconds, a time limit), which runs beside other files rather than after the other driver's.
 */
export const describeJobQueue = (driver: Driver) =>
  describe(`the job queue (pg-boss) on ${driver}`, () => {
    let t: TestApp;
    const queues: JobQueue[] = [];
    /** A queue as one portal process holds it: its own pg-boss on the shared database. */
    const processQueue = (
      handlers: JobHandler<Record<string, unknown>>[],
      concurrency: number,
      seeBoss?: (boss: ReturnType<typeof createBoss>) => void,
    ) => {
      const boss = createBoss(t.database, { superviseIntervalSeconds: 1, poolSize: 3 });
      seeBoss?.(boss);
      const queue = new JobQueue(boss, t.db, silent, {
        concurrency,
        retentionSeconds: 3600,
        heartbeatSeconds: 10,
        pollSeconds: 0.5,
        // Retries and dead letters looked for as soon as they come due: these tests wait real time.
        notifiedPollSeconds: 0.5,
        deadLetterPollSeconds: 0.5,
      });
      for (const handler of handlers) queue.register(handler);
      queues.push(queue);
      return queue;
    };
    const send = (queue: JobQueue, name: string, data: Record<string, unknown>, timeoutSeconds?: number) =>
      t.db.transaction((tx) => queue.send(name, data, { tx, timeoutSeconds }));

    beforeAll(async () => {
      t = await createTestApp(driver);
    }, 60_000);
    afterAll(async () => {
      for (const queue of queues) await queue.stop(1_000);
      await t.close();
    });

    it('two processes working one queue never run a job twice', async () => {
      const runs: string[] = [];
      const byProcess = [0, 0];
      const handler = (index: number): JobHandler<Record<string, unknown>> => ({
        spec: spec('test.share'),
        async run(job) {
          runs.push(String(job.data.i));
          byProcess[index] = (byProcess[index] ?? 0) + 1;
          // Busy for a moment, so the other process claims meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      const a = processQueue([handler(0)], 2);
      const b = processQueue([handler(1)], 2);
      // Two processes boot at once on PostgreSQL; PGlite lives in one process, which starts its queue once.
      if (driver === 'postgres') await Promise.all([a.start(), b.start()]);
      else for (const queue of [a, b]) await queue.start();
      for (let i = 0; i < 40; i += 1) await send(a, 'test.share', { i });
      await until('every job to run', () => (runs.length >= 40 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runs).toHaveLength(40);
      expect(new Set(runs).size).toBe(40);
      // Both processes took part.
      expect(byProcess[0]).toBeGreaterThan(0);
      expect(byProcess[1]).toBeGreaterThan(0);
    }, 60_000);

    it('a job sent in a transaction that rolls back never exists', async () => {
      const queue = processQueue([{ spec: spec('test.rollback'), run: async () => undefined }], 0);
      await queue.start();
      let sent = '';
      await expect(
        t.db.transaction(async (tx) => {
          sent = await queue.send('test.rollback', {}, { tx });
          throw new Error('the request failed');
        }),
      ).rejects.toThrow('the request failed');
      expect(sent).not.toBe('');
      expect(await queue.state('test.rollback', sent)).toBeNull();
      expect(await queue.runUntilIdle()).toBe(0);
    });

    it('a start writes a queue’s settings only when they changed (a release’s new limits)', async () => {
      /** One process's start with the queue's spec; the names of the queues it updated. */
      const start = async (more: Partial<QueueSpec>) => {
        const updated: string[] = [];
        const queue = processQueue(
          [{ spec: spec('test.settings', more), run: async () => undefined }],
          0,
          (boss) => {
            const update = boss.updateQueue.bind(boss);
            boss.updateQueue = (name, options) => {
              updated.push(name);
              return update(name, options);
            };
          },
        );
        await queue.start();
        await queue.stop(1_000);
        return updated;
      };
      const stored = async () => {
        const result = (await t.db.execute(
          sql`select name, retry_delay as "retryDelay" from pgboss.queue where name like 'test.settings%' order by name`,
        )) as unknown as { rows: { name: string; retryDelay: number }[] };
        return result.rows;
      };
      expect(await start({})).toEqual([]);
      expect(await start({})).toEqual([]);
      expect(await start({ retryDelaySeconds: 7 })).toEqual(['test.settings']);
      expect(await stored()).toEqual([
        { name: 'test.settings', retryDelay: 7 },
        { name: 'test.settings.dead', retryDelay: 10 },
      ]);
    });

    it('a hung job fails at its time limit, its signal stops it, and the job behind it runs', async () => {
      const events: string[] = [];
      const failures: FailureReason[] = [];
      const queue = processQueue(
        [
          {
            spec: spec('test.hang', { maxAttempts: 2 }),
            async run(job) {
              events.push(`start ${String(job.data.name)}`);
              if (job.data.name === 'hang')
                await new Promise((_, reject) =>
                  job.signal.addEventListener('abort', () => reject(new Error('stopped'))),
                );
              events.push(`done ${String(job.data.name)}`);
            },
            async onFailure(_job, reason, outcome) {
              failures.push(reason);
              events.push(`failed ${outcome}`);
            },
          },
        ],
        1,
      );
      await queue.start();
      const hung = await send(queue, 'test.hang', { name: 'hang' }, 2);
      await send(queue, 'test.hang', { name: 'next' });
      await until('the job behind the hung one', () => (events.includes('done next') ? true : undefined));
      // A time limit is not retried: the hung job's end is final.
      expect(events.slice(0, 4)).toEqual(['start hang', 'failed failed', 'start next', 'done next']);
      expect(failures[0]).toEqual({ kind: 'timeout', seconds: 2 });
      expect(await queue.state('test.hang', hung)).not.toBe('active');
    }, 60_000);

    it('retries a failing job with growing delays, then dead-letters it; a permanent failure is not retried', async () => {
      const attempts: number[] = [];
      const outcomes: string[] = [];
      const queue = processQueue(
        [
          {
            spec: spec('test.flaky', { maxAttempts: 3, retryDelaySeconds: 1 }),
            async run(job) {
              attempts.push(Date.now());
              throw new Error(`attempt ${job.attempt} of ${job.maxAttempts} failed`);
            },
            async onFailure(job, reason, outcome) {
              outcomes.push(`${outcome}:${reason.kind}:${job.attempt}`);
            },
          },
          {
            spec: spec('test.permanent', { maxAttempts: 3 }),
            async run() {
              attempts.push(-1);
              throw new PermanentJobError('nothing to do');
            },
            async onFailure(_job, reason, outcome) {
              outcomes.push(`permanent ${outcome}:${reason.kind}`);
            },
          },
        ],
        1,
      );
      await queue.start();
      await send(queue, 'test.flaky', {});
      await send(queue, 'test.permanent', {});
      await until('the dead letter', () =>
        outcomes.filter((o) => o.startsWith('failed')).length >= 2 ? true : undefined,
      );
      const flaky = attempts.filter((at) => at > 0);
      expect(flaky).toHaveLength(3);
      // Exponential backoff from 1 s (with jitter): the second wait is not shorter than the first's floor.
      expect(flaky[1]! - flaky[0]!).toBeGreaterThanOrEqual(900);
      expect(flaky[2]! - flaky[1]!).toBeGreaterThanOrEqual(900);
      expect(outcomes).toEqual(
        expect.arrayContaining([
          'retry:error:1',
          'retry:error:2',
          // The last attempt and the dead letter both report it; the handler makes it count once.
          'failed:error:3',
          'permanent failed:error',
        ]),
      );
      // A permanent failure is not retried.
      expect(attempts.filter((at) => at === -1)).toHaveLength(1);
    }, 60_000);

    it('an attempt whose job was failed meanwhile commits nothing; the retry runs', async () => {
      const attempts: number[] = [];
      const queue = processQueue(
        [
          {
            spec: spec('test.lost', { maxAttempts: 2 }),
            async run(job, context) {
              attempts.push(job.attempt);
              if (job.attempt > 1) return;
              // Another process's supervisor failed this attempt (a lost heartbeat) while it worked.
              await t.db.execute(sql`update pgboss.job set state = 'retry' where id = ${job.id}::uuid`);
              await context.finish(async (tx) => {
                await tx.insert(notices).values({
                  userId: 1,
                  titleZh: 'lost',
                  titleEn: 'lost attempt wrote this',
                });
              });
            },
          },
        ],
        0,
      );
      await queue.start();
      await send(queue, 'test.lost', {});
      await queue.runUntilIdle();
      const written = await t.db.execute(
        sql`select 1 from notices where title_en = 'lost attempt wrote this'`,
      );
      expect((written as { rows: unknown[] }).rows).toHaveLength(0);
      expect(attempts).toEqual([1, 2]);
    });
  });
