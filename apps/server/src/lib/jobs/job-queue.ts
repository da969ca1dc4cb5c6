import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, type JobWithMetadata, type PgBoss } from 'pg-boss';
import type { Db } from '../../db/connection';
import { runAttempt, toOutput } from './job-attempt';
import { GroupDispatcher } from './group-dispatcher';
import type { FailureReason, JobHandler, JobOutcome, QueueSpec } from './job-types';

export type SendOptions = {
  /** The caller's transaction: the job exists exactly when the caller's change commits. */
  tx: Db;
  /** This job's time limit, when it differs from its queue's. */
  timeoutSeconds?: number;
  /** The group whose running jobs the queue's `groupConcurrency` limits (e.g. an account). */
  group?: string;
  /** Not before this time. */
  startAfter?: Date;
};

export type QueueRuntimeOptions = {
  /**
   * Jobs run at once in this process, per queue whose spec names no concurrency of its own;
   * 0 = this process only sends them.
   */
  concurrency: number;
  /** How long finished jobs are kept (pg-boss deletes them afterwards). */
  retentionSeconds: number;
  /** A running job's worker must be heard from this often, or the job is failed (its worker died). */
  heartbeatSeconds: number;
  /** How often an idle worker looks for jobs while nothing can wake it (LISTEN/NOTIFY down). */
  pollSeconds: number;
  /**
   * How often it looks while NOTIFY wakes it (`NOTIFIED_POLL_SECONDS` unless a test needs
   * another): a sent job wakes the workers at once, so this poll only finds what no NOTIFY
   * announces, retries and delayed jobs coming due.
   */
  notifiedPollSeconds?: number;
  /** How often dead letters are looked for (they are rare); 5 s unless a test needs them sooner. */
  deadLetterPollSeconds?: number;
};

const DEAD_LETTER_POLL_SECONDS = 5;
/**
 * An idle queue's poll while LISTEN/NOTIFY works. At the 0.5 s of `pollSeconds` an idle portal
 * sent 14 queries a second and spent 6% of a core on them (bench:queue-idle); a retry now
 * starts up to 2 s after its backoff ends, against backoffs of seconds to minutes.
 */
const NOTIFIED_POLL_SECONDS = 2;

const DEAD = '.dead';
/** How soon after a send this process's dispatcher of the queue looks for the job. */
const SENT_WAKE_MS = 20;

export type { JobOutcome } from './job-types';

/** Jobs of one queue now, as pg-boss counts them. */
export type QueueDepth = { queue: string; queued: number; active: number; deferred: number };
type AnyHandler = JobHandler<Record<string, unknown>>;

/**
 * The portal's background jobs on pg-boss, in the portal's own database (PostgreSQL, or
 * PGlite in-process): jobs are sent in the caller's transaction, claimed with SKIP LOCKED by
 * any number of processes, retried with exponential backoff, failed after their time limit
 * (their signal aborted so the handler kills its children), failed when their worker stops
 * sending heartbeats, kept for `retentionSeconds`, and dead-lettered when their attempts are
 * spent. A dead letter calls the handler's `onFailure`, so nothing stays RUNNING forever.
 */
export class JobQueue {
  private readonly handlers = new Map<string, AnyHandler>();
  /** The queues whose jobs belong to groups, worked by a dispatcher each (spec.groupConcurrency). */
  private readonly dispatchers = new Map<string, GroupDispatcher>();
  private started: Promise<void> | null = null;
  private observe: (queue: string, outcome: JobOutcome) => void = () => undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: QueueRuntimeOptions,
  ) {
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  }

  /** Called after every attempt this process runs (metrics). */
  onOutcome(observe: (queue: string, outcome: JobOutcome) => void): void {
    this.observe = observe;
  }

  /**
   * Queued (ready or waiting out a backoff), running and deferred jobs per queue, dead-letter
   * queues included, counted now in the shared database (pg-boss's own counts are a cache
   * refreshed every monitor pass, too stale for an alert on a stuck queue).
   */
  async depth(): Promise<QueueDepth[]> {
    const names = [...this.handlers.keys()].flatMap((name) => [name, name + DEAD]);
    if (!this.started) return [];
    await this.started;
    type Row = { name: string; queued: number; active: number; deferred: number };
    const result = await this.db.execute(sql`
      select name,
             count(*) filter (where state in ('created', 'retry'))::int as queued,
             count(*) filter (where state = 'active')::int as active,
             count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred
        from pgboss.job
       where name in ${names} and state in ('created', 'retry', 'active')
       group by name`);
    // Both drivers answer raw SQL with `{ rows }`; Drizzle's shared type does not say so.
    const { rows } = result as unknown as { rows: Row[] };
    return names.map((queue) => {
      const row = rows.find((candidate) => candidate.name === queue);
      return { queue, queued: row?.queued ?? 0, active: row?.active ?? 0, deferred: row?.deferred ?? 0 };
    });
  }

  register<T extends Record<string, unknown>>(handler: JobHandler<T>): void {
    this.handlers.set(handler.spec.name, handler as unknown as AnyHandler);
  }

  /** Installs or migrates pg-boss's schema, creates the queues, and starts the workers of queues with concurrency > 0. */
  start(): Promise<void> {
    this.started ??= this.open();
    return this.started;
  }

  async stop(graceMs: number): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    const timeout = Math.max(1_000, graceMs);
    // pg-boss's workers and the dispatchers' attempts end together; the pool closes after both,
    // since a dispatcher's attempt records its outcome through it.
    await Promise.all([
      ...[...this.dispatchers.values()].map((dispatcher) => dispatcher.stop(timeout - 500)),
      this.boss.stop({ graceful: true, timeout, close: false }),
    ]);
    await this.boss.stop({ close: true });
  }

  async send(queue: string, data: Record<string, unknown>, options: SendOptions): Promise<string> {
    await this.start();
    const id = await this.boss.send(queue, data, {
      db: fromDrizzle(options.tx as never, sql as never),
      ...(options.timeoutSeconds ? { expireInSeconds: options.timeoutSeconds } : {}),
      ...(options.group ? { group: { id: options.group } } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
    if (!id) throw new Error(`job not stored in ${queue}`);
    // A dispatcher of this process looks for it once the sender's transaction has likely
    // committed, rather than at its next poll (NOTIFY wakes only pg-boss's own workers).
    const dispatcher = this.dispatchers.get(queue);
    if (dispatcher) setTimeout(() => dispatcher.wake(), SENT_WAKE_MS).unref();
    return id;
  }

  /**
   * Many jobs of one queue in one INSERT, in the caller's transaction (a fan-out of thousands:
   * one round trip each would hold the transaction for seconds). Each job may name its group.
   */
  async sendMany(
    queue: string,
    jobs: { data: Record<string, unknown>; group?: string }[],
    options: Pick<SendOptions, 'tx'>,
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.start();
    await this.boss.insert(
      queue,
      jobs.map((job) => ({ data: job.data, ...(job.group ? { group: { id: job.group } } : {}) })),
      { db: fromDrizzle(options.tx as never, sql as never) },
    );
    const dispatcher = this.dispatchers.get(queue);
    if (dispatcher) setTimeout(() => dispatcher.wake(), SENT_WAKE_MS).unref();
  }

  /** A job's state ('created', 'retry', 'active', 'completed', 'cancelled', 'failed'), or null when gone. */
  async state(queue: string, id: string): Promise<string | null> {
    await this.start();
    return (await this.boss.getJobById(queue, id))?.state ?? null;
  }

  /**
   * Runs every ready job (dead letters included) in this call, one after another, until none
   * is ready: for tests and scripts that decide when work happens. Retries waiting out their
   * backoff are not ready.
   */
  async runUntilIdle(): Promise<number> {
    await this.start();
    let ran = 0;
    for (let progressed = true; progressed;) {
      progressed = false;
      for (const [name, handler] of this.handlers) {
        for (const [queue, dead] of [
          [name, false],
          [name + DEAD, true],
        ] as const) {
          const [job] = await this.boss.fetch<Record<string, unknown>>(queue, { includeMetadata: true });
          if (!job) continue;
          progressed = true;
          ran += 1;
          if (dead) {
            await this.closeDeadLetter(handler, job);
            await this.boss.complete(queue, job.id);
            this.observe(name, 'dead');
            continue;
          }
          // No pg-boss timer here: the attempt keeps its own time limit.
          const controller = new AbortController();
          const timer = setTimeout(() => controller.abort(), job.expireInSeconds * 1000);
          try {
            const outcome = await runAttempt(
              this.boss,
              this.db,
              handler,
              { ...job, signal: controller.signal },
              this.log,
            );
            await this.boss.complete(queue, { id: job.id, retryCount: job.retryCount });
            this.observe(name, outcome);
          } catch (error) {
            this.observe(name, (error as { reason?: unknown }).reason ? 'error' : 'lost');
            await this.boss.fail(queue, { id: job.id, retryCount: job.retryCount }, toOutput(error));
          } finally {
            clearTimeout(timer);
          }
        }
      }
    }
    return ran;
  }

  private async open(): Promise<void> {
    await this.boss.start();
    await this.createQueues([...this.handlers.values()].map((handler) => handler.spec));
    for (const handler of this.handlers.values()) {
      const { spec } = handler;
      const slots = spec.concurrency ?? this.options.concurrency;
      if (slots <= 0) continue;
      const pollSeconds = spec.pollSeconds ?? this.options.pollSeconds;
      if (spec.groupConcurrency) {
        const dispatcher = new GroupDispatcher(
          this.boss,
          this.db,
          handler,
          this.log,
          {
            slots,
            perGroup: spec.groupConcurrency,
            pollMs: pollSeconds * 1000,
            heartbeatMs: (this.options.heartbeatSeconds * 1000) / 2,
          },
          (outcome) => this.observe(spec.name, outcome),
        );
        this.dispatchers.set(spec.name, dispatcher);
        dispatcher.start();
        await this.workDeadLetters(handler);
        continue;
      }
      const work = {
        includeMetadata: true as const,
        pollingIntervalSeconds: pollSeconds,
        // NOTIFY wakes workers at once; without it (the listener's connection lost) pg-boss polls
        // at pollingIntervalSeconds, and fetches once when it is back.
        notifyPollingIntervalSeconds: Math.max(
          pollSeconds,
          this.options.notifiedPollSeconds ?? NOTIFIED_POLL_SECONDS,
        ),
      };
      // One pg-boss worker per slot, so each knows its id: after a job it asks to fetch again at
      // once (a backlog drains without a poll interval between jobs); an empty fetch waits.
      for (let slot = 0; slot < slots; slot += 1) {
        let workerId = '';
        workerId = await this.boss.work(
          handler.spec.name,
          work,
          async ([job]: JobWithMetadata<Record<string, unknown>>[]) => {
            try {
              if (job)
                this.observe(handler.spec.name, await runAttempt(this.boss, this.db, handler, job, this.log));
            } catch (error) {
              this.observe(handler.spec.name, (error as { reason?: unknown }).reason ? 'error' : 'lost');
              throw error;
            } finally {
              this.boss.notifyWorker(workerId);
            }
          },
        );
      }
      await this.workDeadLetters(handler);
    }
  }

  /** Dead letters are rare: one slot, a slower poll. */
  private async workDeadLetters(handler: AnyHandler): Promise<void> {
    const every = this.options.deadLetterPollSeconds ?? DEAD_LETTER_POLL_SECONDS;
    await this.boss.work(
      handler.spec.name + DEAD,
      { includeMetadata: true as const, pollingIntervalSeconds: every, notifyPollingIntervalSeconds: every },
      async ([job]: JobWithMetadata<Record<string, unknown>>[]) => {
        if (!job) return;
        await this.closeDeadLetter(handler, job);
        this.observe(handler.spec.name, 'dead');
      },
    );
  }

  /**
   * Each handler's queue and its dead letter queue: created the first time, and on later starts
   * updated only where a setting changed (a new release's limits), so a start reads the queues
   * once instead of writing each of them.
   */
  private async createQueues(specs: QueueSpec[]): Promise<void> {
    const wanted = specs.flatMap((spec) => {
      const dead = spec.name + DEAD;
      const options = {
        retryLimit: spec.maxAttempts - 1,
        retryDelay: spec.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: spec.retryDelayMaxSeconds,
        expireInSeconds: spec.timeoutSeconds,
        heartbeatSeconds: this.options.heartbeatSeconds,
        deleteAfterSeconds: this.options.retentionSeconds,
      };
      return [
        { name: dead, options: { ...options, retryLimit: 5, retryDelay: 10 }, deadLetter: undefined },
        { name: spec.name, options, deadLetter: dead },
      ];
    });
    const existing = new Map(
      (await this.boss.getQueues(wanted.map((queue) => queue.name))).map((row) => [row.name, row]),
    );
    // Dead letter queues come first: a queue names its own when it is created.
    for (const { name, options, deadLetter } of wanted) {
      const row = existing.get(name);
      if (!row)
        await this.boss.createQueue(name, {
          ...options,
          ...(deadLetter ? { deadLetter } : {}),
          notify: true,
        });
      else if (
        Object.entries(options).some(
          ([key, value]) => value !== undefined && row[key as keyof typeof row] !== value,
        )
      )
        await this.boss.updateQueue(name, options);
    }
  }

  private async closeDeadLetter(handler: AnyHandler, job: JobWithMetadata<Record<string, unknown>>) {
    const output = job.sourceOutput as { message?: string; reason?: FailureReason } | null;
    // Failures pg-boss made itself carry no reason of ours: a time limit it enforced, or a
    // worker that stopped sending heartbeats (its process died).
    const reason: FailureReason =
      output?.reason ??
      (output?.message?.includes('exceeded')
        ? { kind: 'timeout', seconds: handler.spec.timeoutSeconds }
        : { kind: 'worker-lost' });
    await handler.onFailure?.(
      {
        id: job.sourceId ?? job.id,
        queue: handler.spec.name,
        data: job.data,
        attempt: (job.sourceRetryCount ?? 0) + 1,
        maxAttempts: handler.spec.maxAttempts,
        timeoutSeconds: handler.spec.timeoutSeconds,
      },
      reason,
      'failed',
    );
  }
}
