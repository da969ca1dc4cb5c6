import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, type JobWithMetadata, type PgBoss } from 'pg-boss';
import type { Db } from '../../db/connection';
import {
  ClaimLostError,
  type FailureReason,
  type JobContext,
  type JobHandler,
  PermanentJobError,
  type QueuedJob,
} from './job-types';

/** Leeway for timers: an abort this close to the limit is the limit. */
const TIMER_SLACK_MS = 250;

/**
 * One attempt of a job: runs the handler, and on failure decides what follows.
 * - A permanent error or a timeout ends the job for good (`onFailure(..., 'failed')`); the
 *   attempt then returns, so pg-boss does not retry what a retry cannot fix.
 * - Another error is rethrown with its reason; pg-boss retries it after the backoff
 *   (`onFailure(..., 'retry')`) or, attempts spent, fails it into the dead-letter queue.
 * - A lost claim (pg-boss already failed the job, or the worker is stopping) is rethrown
 *   untouched: whoever holds the job now decides.
 */
export async function runAttempt(
  boss: PgBoss,
  db: Db,
  handler: JobHandler<Record<string, unknown>>,
  job: JobWithMetadata<Record<string, unknown>>,
  log: FastifyBaseLogger,
): Promise<'completed' | 'failed' | 'timeout'> {
  const queue = handler.spec.name;
  const attempt: QueuedJob = {
    id: job.id,
    queue,
    data: job.data,
    attempt: job.retryCount + 1,
    maxAttempts: job.retryLimit + 1,
    timeoutSeconds: job.expireInSeconds,
    signal: job.signal,
  };
  const started = Date.now();
  const context: JobContext = {
    finish: async (write) => {
      await db.transaction(async (transaction) => {
        const tx: Db = transaction;
        // Completing this very attempt (id + retry count) in the result's transaction: if the
        // job was failed or taken over meanwhile, nothing of this attempt is written.
        const done = await boss.complete(queue, { id: job.id, retryCount: job.retryCount }, undefined, {
          db: fromDrizzle(tx as never, sql as never),
        });
        // (pg-boss 12 declares CommandResponse empty; `affected` is what it returns.)
        if ((done as { affected?: number }).affected !== 1) throw new ClaimLostError();
        await write(tx);
      });
    },
  };
  try {
    await handler.run(attempt, context);
    return 'completed';
  } catch (error) {
    const timedOut =
      job.signal.aborted && Date.now() - started >= attempt.timeoutSeconds * 1000 - TIMER_SLACK_MS;
    if (error instanceof ClaimLostError || (job.signal.aborted && !timedOut)) {
      log.warn({ jobId: job.id, queue }, 'job attempt stopped: its claim was lost or the worker is stopping');
      throw error;
    }
    const permanent = error instanceof PermanentJobError || timedOut;
    const reason: FailureReason = timedOut
      ? { kind: 'timeout', seconds: attempt.timeoutSeconds }
      : { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    if (!permanent) log.error({ err: error, jobId: job.id, queue }, 'job attempt failed');
    else if (timedOut) log.warn({ jobId: job.id, queue, seconds: attempt.timeoutSeconds }, 'job timed out');
    const outcome = permanent || attempt.attempt >= attempt.maxAttempts ? 'failed' : 'retry';
    await handler.onFailure?.(attempt, reason, outcome);
    if (permanent) return timedOut ? 'timeout' : 'failed';
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { reason });
  }
}

/** What a failed job keeps as its output: the message, and our reason when we know it. */
export function toOutput(error: unknown): { message: string; reason?: FailureReason } {
  const message = error instanceof Error ? error.message : String(error);
  const reason = (error as { reason?: FailureReason } | null)?.reason;
  return reason ? { message, reason } : { message };
}
