import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import type { Job, JobQueue } from './job-queue';

/** Thrown by a handler for a failure a retry cannot fix (bad input, nothing to do). */
export class PermanentJobError extends Error {}

/** The job's lease went to another worker: this attempt must not commit anything. */
export class LeaseLostError extends Error {
  constructor() {
    super('lease lost');
  }
}

export type JobContext = {
  /** Aborted when the lease is lost or the worker stops: stop work, write nothing. */
  signal: AbortSignal;
  /** Commits the handler's result and the job's completion in one transaction (or neither). */
  finish(write: (tx: Db) => Promise<void>): Promise<void>;
};

export type JobHandler = {
  queue: string;
  run(job: Job, context: JobContext): Promise<void>;
  /** After a failed attempt or an expired lease: 'retry' (queued again) or 'failed' (for good). */
  onFailure?(job: Job, reason: string, outcome: 'retry' | 'failed'): Promise<void>;
  retryDelayMs?: number;
};

export type WorkerOptions = {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  /** How often expired leases are looked for. */
  sweepMs: number;
  /** Housekeeping run every `periodicMs` (e.g. removing expired task results). */
  periodic?: { everyMs: number; run(): Promise<void> };
};

/**
 * Runs queued jobs: polls for ready jobs (up to `concurrency` at once), renews the
 * lease of each running job, and turns expired leases of dead workers into retries
 * or failures. `runUntilIdle` does the same synchronously for tests and scripts.
 */
export class JobWorker {
  readonly id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly running = new Set<Promise<void>>();
  private readonly controllers = new Set<AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private lastSweep = 0;
  private lastPeriodic = 0;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions,
  ) {}

  register(handler: JobHandler): void {
    this.handlers.set(handler.queue, handler);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming, asks running jobs to stop, and waits up to `graceMs` for them. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const all = Promise.allSettled([...this.running]);
    const timeout = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    if ((await Promise.race([all.then(() => 'done'), timeout])) !== 'done') {
      for (const controller of this.controllers) controller.abort();
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    }
  }

  /** Sweeps expired leases, then runs ready jobs one after another until none is ready. */
  async runUntilIdle(): Promise<number> {
    await this.sweep();
    let ran = 0;
    for (;;) {
      const job = await this.queue.claim([...this.handlers.keys()], this.id, this.options.leaseMs);
      if (!job) return ran;
      await this.execute(job);
      ran += 1;
    }
  }

  /** Turns the jobs of dead workers into retries or failures, telling their handlers. */
  async sweep(): Promise<void> {
    for (const { job, willRetry } of await this.queue.reclaimExpired()) {
      this.log.warn({ jobId: job.id, queue: job.queue, willRetry }, 'job lease expired');
      await this.handlers
        .get(job.queue)
        ?.onFailure?.(job, job.lastError ?? 'lease expired', willRetry ? 'retry' : 'failed')
        .catch((err: unknown) => this.log.error({ err, jobId: job.id }, 'job failure handler failed'));
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.tick()
        .catch((err: unknown) => this.log.error({ err }, 'job worker tick failed'))
        .finally(() => this.schedule(this.options.pollMs));
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep >= this.options.sweepMs) {
      this.lastSweep = now;
      await this.sweep();
    }
    const periodic = this.options.periodic;
    if (periodic && now - this.lastPeriodic >= periodic.everyMs) {
      this.lastPeriodic = now;
      await periodic.run().catch((err: unknown) => this.log.error({ err }, 'periodic job failed'));
    }
    while (!this.stopped && this.running.size < this.options.concurrency) {
      const job = await this.queue.claim([...this.handlers.keys()], this.id, this.options.leaseMs);
      if (!job) return;
      const run = this.execute(job).finally(() => this.running.delete(run));
      this.running.add(run);
    }
  }

  private async execute(job: Job): Promise<void> {
    const handler = this.handlers.get(job.queue);
    if (!handler) return;
    const controller = new AbortController();
    this.controllers.add(controller);
    const heartbeat = setInterval(
      () => {
        this.queue
          .renew(job, this.options.leaseMs)
          .then((held) => {
            if (!held) controller.abort(new LeaseLostError());
          })
          .catch((err: unknown) => this.log.warn({ err, jobId: job.id }, 'lease renewal failed'));
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    heartbeat.unref();
    let finished = false;
    const context: JobContext = {
      signal: controller.signal,
      finish: async (write) => {
        await this.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          if (!(await this.queue.complete(job, tx))) throw new LeaseLostError();
          await write(tx);
        });
        finished = true;
      },
    };
    try {
      await handler.run(job, context);
      if (!finished && !(await this.queue.complete(job))) throw new LeaseLostError();
    } catch (error) {
      if (error instanceof LeaseLostError || controller.signal.reason instanceof LeaseLostError) {
        this.log.warn({ jobId: job.id }, 'job lease lost: another worker owns it now');
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        const outcome = await this.queue.fail(job, reason, {
          retry: !(error instanceof PermanentJobError),
          retryDelayMs: handler.retryDelayMs ?? 30_000,
        });
        if (!(error instanceof PermanentJobError))
          this.log.error({ err: error, jobId: job.id, queue: job.queue }, 'job attempt failed');
        if (outcome) await handler.onFailure?.(job, reason, outcome);
      }
    } finally {
      clearInterval(heartbeat);
      this.controllers.delete(controller);
    }
  }
}
