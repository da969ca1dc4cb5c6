import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Db } from '../../db/connection';
import { runAttempt, toOutput } from './job-attempt';
import type { JobHandler, JobOutcome } from './job-types';

type AnyHandler = JobHandler<Record<string, unknown>>;

/** After a claim failed (the database away), the next is tried this much later. */
const CLAIM_RETRY_MS = 5_000;
type Job = JobWithMetadata<Record<string, unknown>>;

export type DispatcherOptions = {
  /** Attempts this process runs at once. */
  slots: number;
  /** Attempts of one group (the `group` a job was sent with) running at once. */
  perGroup: number;
  /** How long an idle dispatcher waits before it looks for jobs again, when nothing wakes it. */
  pollMs: number;
  /** How often a running job's claim is refreshed (pg-boss fails a job whose heartbeat lapses). */
  heartbeatMs: number;
};

/**
 * Works one queue whose jobs belong to groups (webhook deliveries: their account), so that no
 * group holds more than `perGroup` of this process's `slots`, however many of its jobs wait and
 * however long each takes. One loop claims for every slot: each claim takes as many jobs as
 * slots are free, leaves out the groups at their limit here, and has pg-boss count each group's
 * running jobs in the database too (so processes sharing the queue mostly keep to the limit
 * together; two claiming at the same moment may each take one). An idle queue costs one query
 * per poll, not one per slot. Attempts run as JobQueue's do (`runAttempt`), retried, timed and
 * dead-lettered by pg-boss.
 */
export class GroupDispatcher {
  private readonly running = new Map<
    string,
    { group: string | null; done: Promise<void>; abort: () => void }
  >();
  private readonly perGroupRunning = new Map<string, number>();
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A wake that came while the loop was claiming: it looks again instead of waiting. */
  private woken = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly db: Db,
    private readonly handler: AnyHandler,
    private readonly log: FastifyBaseLogger,
    private readonly options: DispatcherOptions,
    private readonly observe: (outcome: JobOutcome) => void,
  ) {}

  start(): void {
    this.loop ??= this.claimLoop();
  }

  /** Looks for jobs now (a slot came free, or a job was sent). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Claims nothing more; attempts still running get `graceMs` to end, then their signals abort
   * (their jobs go back to the queue and are retried).
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    const settled = Promise.all([...this.running.values()].map((attempt) => attempt.done));
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([settled, grace]);
    clearTimeout(timer);
    for (const attempt of this.running.values()) attempt.abort();
    await settled;
  }

  private async claimLoop(): Promise<void> {
    const name = this.handler.spec.name;
    while (!this.stopping) {
      this.woken = false;
      const free = this.options.slots - this.running.size;
      let claimed = 0;
      let waitMs = this.options.pollMs;
      if (free > 0) {
        try {
          const jobs = await this.boss.fetch<Record<string, unknown>>(name, {
            batchSize: free,
            includeMetadata: true,
            groupConcurrency: this.options.perGroup,
            ignoreGroups: this.groupsAtLimit(),
          });
          claimed = jobs.length;
          for (const job of jobs) this.begin(job);
        } catch (err) {
          // The database away: one line per try, and tries seconds apart.
          this.log.error({ err, queue: name }, 'claiming jobs failed');
          waitMs = CLAIM_RETRY_MS;
        }
      }
      if (this.stopping) break;
      // A full claim may have left more waiting, or a slot came free meanwhile: look again at once.
      if ((free > 0 && claimed === free) || (this.woken && waitMs === this.options.pollMs)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  private groupsAtLimit(): string[] {
    return [...this.perGroupRunning].filter(([, n]) => n >= this.options.perGroup).map(([group]) => group);
  }

  private begin(job: Job): void {
    const group = (job as Job & { groupId?: string | null }).groupId ?? null;
    if (group !== null) this.perGroupRunning.set(group, (this.perGroupRunning.get(group) ?? 0) + 1);
    const controller = new AbortController();
    const done = this.attempt(job, controller).finally(() => {
      this.running.delete(job.id);
      if (group !== null) {
        const left = (this.perGroupRunning.get(group) ?? 1) - 1;
        if (left > 0) this.perGroupRunning.set(group, left);
        else this.perGroupRunning.delete(group);
      }
      this.wake();
    });
    this.running.set(job.id, { group, done, abort: () => controller.abort() });
  }

  private async attempt(job: Job, controller: AbortController): Promise<void> {
    const name = this.handler.spec.name;
    const attempt = { id: job.id, retryCount: job.retryCount };
    const limit = setTimeout(() => controller.abort(), job.expireInSeconds * 1000);
    const heartbeat = setInterval(() => {
      this.boss.touch(name, attempt).catch(() => undefined);
    }, this.options.heartbeatMs);
    try {
      const outcome = await runAttempt(
        this.boss,
        this.db,
        this.handler,
        { ...job, signal: controller.signal },
        this.log,
      );
      await this.boss.complete(name, attempt);
      this.observe(outcome);
    } catch (error) {
      this.observe((error as { reason?: unknown }).reason ? 'error' : 'lost');
      await this.boss
        .fail(name, attempt, toOutput(error))
        .catch((err: unknown) => this.log.error({ err, jobId: job.id, queue: name }, 'failing a job failed'));
    } finally {
      clearTimeout(limit);
      clearInterval(heartbeat);
    }
  }
}
