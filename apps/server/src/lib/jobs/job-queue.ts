import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { jobs } from '../../db/schema';
import type { Clock } from '../clock';

export type Job = typeof jobs.$inferSelect;

export type EnqueueOptions = {
  /** The caller's transaction: the job exists exactly when the caller's change commits. */
  tx?: Db;
  maxAttempts?: number;
  /** Run no earlier than this. */
  runAfter?: Date;
};

/** What became of jobs whose worker stopped renewing its lease (the process died). */
export type ExpiredJob = { job: Job; willRetry: boolean };

/**
 * A durable queue in the portal's own database, so a job is enqueued in the same
 * transaction as the change that calls for it and survives restarts. Claims use
 * `FOR UPDATE SKIP LOCKED`: any number of workers in any number of processes share
 * the rows and never take one twice. A claimed job carries a lease its worker renews;
 * completion is accepted only from the worker holding the lease.
 */
export class JobQueue {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async enqueue(queue: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<Job> {
    const now = this.clock.now();
    const [job] = await (options.tx ?? this.db)
      .insert(jobs)
      .values({
        queue,
        payload,
        maxAttempts: options.maxAttempts ?? 3,
        runAfter: options.runAfter ?? now,
        createdAt: now,
      })
      .returning();
    if (!job) throw new Error('job not stored');
    return job;
  }

  /** Takes the oldest ready job of `queues` for `workerId`, or null when none is ready. */
  async claim(queues: string[], workerId: string, leaseMs: number): Promise<Job | null> {
    const now = this.clock.now();
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), lte(jobs.runAfter, now), inArray(jobs.queue, queues)))
      .orderBy(asc(jobs.runAfter), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.db
      .update(jobs)
      .set({
        state: 'active',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: workerId,
        lockedUntil: new Date(now.getTime() + leaseMs),
      })
      // A scalar subquery runs once (an InitPlan); `id IN (subquery)` may be re-run per row,
      // and with SKIP LOCKED each run finds another row: one claim would take several jobs.
      .where(and(eq(jobs.id, sql`(${next})`), eq(jobs.state, 'queued')))
      .returning();
    return job ?? null;
  }

  /** Extends the lease; false when the worker no longer holds it (it expired and was re-queued). */
  async renew(job: Job, leaseMs: number): Promise<boolean> {
    const until = new Date(this.clock.now().getTime() + leaseMs);
    const rows = await this.db
      .update(jobs)
      .set({ lockedUntil: until })
      .where(this.held(job))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  /** Marks the job done; false (and nothing changed) when its lease was lost. Pass `tx` to commit with the result. */
  async complete(job: Job, tx?: Db): Promise<boolean> {
    const rows = await (tx ?? this.db)
      .update(jobs)
      .set({ state: 'done', finishedAt: this.clock.now(), lockedBy: null, lockedUntil: null })
      .where(this.held(job))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  /**
   * A failed attempt: queued again after `retryDelayMs` while attempts remain (and
   * `retry` is true), else failed for good. Returns what happened, or null when the
   * lease was lost.
   */
  async fail(
    job: Job,
    error: string,
    options: { retry: boolean; retryDelayMs: number; tx?: Db },
  ): Promise<'retry' | 'failed' | null> {
    const now = this.clock.now();
    const retry = options.retry && job.attempts < job.maxAttempts;
    const rows = await (options.tx ?? this.db)
      .update(jobs)
      .set({
        state: retry ? 'queued' : 'failed',
        lastError: error.slice(0, 2000),
        runAfter: retry ? new Date(now.getTime() + options.retryDelayMs) : job.runAfter,
        finishedAt: retry ? null : now,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(this.held(job))
      .returning({ id: jobs.id });
    if (rows.length === 0) return null;
    return retry ? 'retry' : 'failed';
  }

  /**
   * Jobs whose lease ran out: their worker died. Queued again while attempts remain,
   * failed otherwise. Safe to run from every process at once (row locks decide).
   */
  async reclaimExpired(): Promise<ExpiredJob[]> {
    const now = this.clock.now();
    const rows = await this.db
      .update(jobs)
      .set({
        state: sql`case when ${jobs.attempts} < ${jobs.maxAttempts} then 'queued' else 'failed' end`,
        lastError: 'lease expired: the worker stopped (process ended or hung)',
        runAfter: now,
        finishedAt: sql`case when ${jobs.attempts} < ${jobs.maxAttempts} then null else ${now.toISOString()}::timestamptz end`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(jobs.state, 'active'), lt(jobs.lockedUntil, now)))
      .returning();
    return rows.map((job) => ({ job, willRetry: job.state === 'queued' }));
  }

  async get(id: number): Promise<Job | null> {
    const [job] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return job ?? null;
  }

  private held(job: Job) {
    return and(
      eq(jobs.id, job.id),
      eq(jobs.state, 'active'),
      eq(jobs.lockedBy, job.lockedBy ?? randomUUID()),
    );
  }
}
