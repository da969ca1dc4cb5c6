import type { Db } from '../../db/connection';

/** Thrown by a handler for a failure a retry cannot fix (bad input, nothing to do): no retry. */
export class PermanentJobError extends Error {}

/** The job was failed or taken over while this attempt ran: the attempt must not commit anything. */
export class ClaimLostError extends Error {
  constructor() {
    super('the job is no longer held by this attempt');
  }
}

/**
 * How a queue's jobs are run. Retries wait `retryDelaySeconds`, doubling (with jitter) up to
 * `retryDelayMaxSeconds`; a job still running after `timeoutSeconds` is failed and its
 * signal aborted (the handler must stop its child processes); a job whose attempts are spent
 * lands in the queue's dead-letter queue, where the handler's `onFailure` closes it.
 */
export type QueueSpec = {
  name: string;
  maxAttempts: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  timeoutSeconds: number;
  /** Jobs of this queue one process runs at once, when not the queue runtime's (TASK_WORKERS). */
  concurrency?: number;
  /**
   * Jobs of one group (sent with `group`) one process runs at once, counted in the process (so
   * strictly: pg-boss's count in the database lets workers claiming at the same moment each take
   * one). With several processes a group may have this many running in each.
   */
  groupConcurrency?: number;
  /** How often an idle worker of this queue looks for jobs when no notification woke it. */
  pollSeconds?: number;
};

/**
 * How the fan-out jobs (notices, webhook events) run: what fails them is a database hiccup,
 * worth retrying: up to 5 attempts, 10 s doubling to 10 min, 10 min each.
 */
export const FANOUT_RETRIES = {
  maxAttempts: 5,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 600,
  timeoutSeconds: 600,
} satisfies Omit<QueueSpec, 'name'>;

/** One attempt of a job, as a handler sees it. */
export type QueuedJob<T = Record<string, unknown>> = {
  id: string;
  queue: string;
  data: T;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** This attempt's time limit (the queue's, or the one given when it was sent). */
  timeoutSeconds: number;
  /** Aborted when the attempt runs past its time limit, loses its claim, or the worker stops. */
  signal: AbortSignal;
};

export type JobContext = {
  /**
   * Commits the handler's result together with the job's completion, in one transaction,
   * or throws ClaimLostError (and commits nothing) when this attempt no longer holds the job.
   */
  finish(write: (tx: Db) => Promise<void>): Promise<void>;
};

export type FailureOutcome = 'retry' | 'failed';

export type FailureReason =
  | { kind: 'error'; message: string }
  | { kind: 'timeout'; seconds: number }
  /** Its worker stopped (process killed, heartbeat lost) before it finished. */
  | { kind: 'worker-lost' };

export type JobHandler<T = Record<string, unknown>> = {
  spec: QueueSpec;
  run(job: QueuedJob<T>, context: JobContext): Promise<void>;
  /**
   * After a failed attempt ('retry': another comes after the backoff) or for good ('failed':
   * attempts spent, timed out, permanent error, or dead-lettered after its worker died).
   * May be called twice for one final failure (by the attempt and by the dead letter): be idempotent.
   */
  onFailure?(
    job: Omit<QueuedJob<T>, 'signal'>,
    reason: FailureReason,
    outcome: FailureOutcome,
  ): Promise<void>;
};

/**
 * How an attempt ended, for metrics: done, failed for good (an error a retry cannot fix),
 * past its time limit, an error (retried after its backoff, or dead-lettered when its attempts
 * are spent), claim lost (another worker holds it now), or a
 * dead letter closed (its attempts spent, or its worker died).
 */
export type JobOutcome = 'completed' | 'failed' | 'timeout' | 'error' | 'lost' | 'dead';
