import { randomUUID } from 'node:crypto';
import type { Locale } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { tasks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { FileStore, StoredObject } from '../../lib/file-store/file-store';
import { type MessageKey, translate } from '../../lib/i18n/messages';
import { dependencyUnavailable, diskFull } from '../../lib/pg-errors';
import {
  ClaimLostError,
  type FailureOutcome,
  type FailureReason,
  type JobContext,
  type JobHandler,
  type QueuedJob,
  type QueueSpec,
} from '../../lib/jobs/job-types';
import type { CatalogAccess, Viewer } from '../catalog/catalog-access';
import type { Notifier, PendingMail } from '../notice/notifier';
import { writeBundle } from './bundle-writer';
import { writeLivecdIso } from './livecd-iso';
import type { BundleLine, MirrorResolver, TaskLogger } from './mirror-resolve';
import { TaskError } from './task-error';
import { appendLog, type LivecdParams, logEntry, type MirrorParams, TASK_QUEUE_SPEC } from './task.service';

type TaskRow = typeof tasks.$inferSelect;
type TaskJob = Omit<QueuedJob<{ taskId?: unknown }>, 'signal'>;

export type TaskRunnerOptions = {
  /** How long a result stays downloadable. */
  resultTtlMs: number;
  /** The ISO writer command (tests and operators may name another). */
  xorriso?: string;
  /** The first retry's delay (TASK_RETRY_DELAY_SECONDS); TASK_QUEUE_SPEC's when not given. */
  retryDelaySeconds?: number;
};

/**
 * Runs one task per job: RUNNING, the type's work (bundle or ISO, streamed into the
 * store), then SUCCESS with the result, the job's completion and the owner's notice
 * in one transaction. Failed attempts and dead workers come back through onFailure.
 */
export class TaskRunner implements JobHandler<{ taskId?: unknown }> {
  readonly spec: QueueSpec;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly access: CatalogAccess,
    private readonly resolver: MirrorResolver,
    private readonly notifier: Notifier,
    private readonly log: FastifyBaseLogger,
    private readonly options: TaskRunnerOptions,
  ) {
    this.spec = {
      ...TASK_QUEUE_SPEC,
      retryDelaySeconds: options.retryDelaySeconds ?? TASK_QUEUE_SPEC.retryDelaySeconds,
    };
  }

  async run(job: QueuedJob<{ taskId?: unknown }>, context: JobContext): Promise<void> {
    const task = await this.task(job);
    // Finished (a timed-out attempt already failed it), or carried by a newer job now.
    if (!task || task.status === 'SUCCESS' || task.status === 'FAILED' || task.jobId !== job.id) return;
    const now = this.clock.now();
    // Still RUNNING at a later attempt: the worker of the previous one died without a word.
    const lost =
      task.status === 'RUNNING' && job.attempt > 1
        ? [
            logEntry(now, 'TASK_LOG_WORKER_LOST', {}, 'warn'),
            logEntry(now, 'TASK_LOG_RETRYING', { attempt: job.attempt - 1, max: job.maxAttempts }, 'warn'),
          ]
        : [];
    await this.db
      .update(tasks)
      .set({
        status: 'RUNNING',
        startedAt: now,
        log: appendLog([
          ...lost,
          logEntry(now, 'TASK_LOG_STARTED', { attempt: job.attempt, max: job.maxAttempts }),
        ]),
      })
      .where(eq(tasks.id, task.id));
    const log: TaskLogger = async (key, params = {}, level = 'info') => {
      await this.db
        .update(tasks)
        .set({ log: appendLog([logEntry(this.clock.now(), key as MessageKey, params, level)]) })
        .where(eq(tasks.id, task.id));
    };
    const key = `tasks/${task.id}/${randomUUID()}`;
    let result: StoredObject & { name: string };
    try {
      result = await this.produce(task, key, job.signal, log);
    } catch (thrown) {
      // Stopped from outside (time limit, lost claim): the failure handler says why.
      if (job.signal.aborted || thrown instanceof ClaimLostError) throw thrown;
      // A full disk stays full for a while: the task ends with the reason (the user may retry it).
      const error = diskFull(thrown) ? new TaskError('TASK_LOG_STORAGE_FULL', {}, { cause: thrown }) : thrown;
      if (error instanceof TaskError) {
        if (error.cause) this.log.warn({ err: error.cause, taskId: task.id }, 'task result not stored');
        await log(error.key, error.params, 'error');
      } else if (dependencyUnavailable(error)) {
        // The store or the database away: the queue retries the task after its backoff.
        this.log.warn({ err: error, taskId: task.id }, 'task attempt failed: a dependency is unavailable');
        await log('TASK_LOG_DEPENDENCY_UNAVAILABLE', {}, 'warn');
      } else {
        this.log.error({ err: error, taskId: task.id }, 'task attempt failed');
        await log('TASK_LOG_INTERNAL_ERROR', {}, 'error');
      }
      throw error;
    }
    const finishedAt = this.clock.now();
    const expires = new Date(finishedAt.getTime() + this.options.resultTtlMs);
    let mails: PendingMail[] = [];
    try {
      await context.finish(async (tx) => {
        await tx
          .update(tasks)
          .set({
            status: 'SUCCESS',
            endedAt: finishedAt,
            resultKey: key,
            resultName: result.name,
            resultSize: result.size,
            resultSha256: result.sha256,
            resultExpiresAt: expires,
            log: appendLog([logEntry(finishedAt, 'TASK_LOG_SUCCESS', { expires: expires.toISOString() })]),
          })
          .where(eq(tasks.id, task.id));
        ({ mails } = await this.notifier.post(tx, [task.userId], 'taskFinished', {
          title: 'TASK_NOTICE_SUCCESS_TITLE',
          text: 'TASK_NOTICE_SUCCESS_TEXT',
          params: (locale) => ({
            ...this.noticeParams(task, locale),
            file: result.name,
            hours: Math.round(this.options.resultTtlMs / 3_600_000),
          }),
        }));
      });
    } catch (error) {
      // Another worker owns the task now (or the database refused): this attempt's file must not
      // stay (if the store is away too, the orphan sweep removes it later).
      await this.store
        .remove(key)
        .catch((err: unknown) => this.log.warn({ err, key }, 'unused task result not removed'));
      throw error;
    }
    await this.notifier.send(mails);
  }

  async onFailure(job: TaskJob, reason: FailureReason, outcome: FailureOutcome): Promise<void> {
    const task = await this.task(job);
    if (!task || task.jobId !== job.id) return;
    const now = this.clock.now();
    const entries = [
      ...(reason.kind === 'worker-lost' ? [logEntry(now, 'TASK_LOG_WORKER_LOST', {}, 'warn')] : []),
      ...(reason.kind === 'timeout'
        ? [logEntry(now, 'TASK_LOG_TIMED_OUT', { minutes: Math.ceil(reason.seconds / 60) }, 'error')]
        : []),
      outcome === 'retry'
        ? logEntry(now, 'TASK_LOG_RETRYING', { attempt: job.attempt, max: job.maxAttempts }, 'warn')
        : logEntry(now, 'TASK_LOG_FAILED', {}, 'error'),
    ];
    if (outcome === 'retry') {
      await this.db
        .update(tasks)
        .set({ status: 'PENDING', log: appendLog(entries) })
        .where(and(eq(tasks.id, task.id), eq(tasks.jobId, job.id), eq(tasks.status, 'RUNNING')));
      return;
    }
    const mails = await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      // Once only: the failing attempt and the dead letter may both report the same end.
      const [ended] = await tx
        .update(tasks)
        .set({ status: 'FAILED', endedAt: now, log: appendLog(entries) })
        .where(
          and(eq(tasks.id, task.id), eq(tasks.jobId, job.id), inArray(tasks.status, ['PENDING', 'RUNNING'])),
        )
        .returning({ id: tasks.id });
      if (!ended) return [];
      return (
        await this.notifier.post(tx, [task.userId], 'taskFinished', {
          title: 'TASK_NOTICE_FAILED_TITLE',
          text: 'TASK_NOTICE_FAILED_TEXT',
          params: (locale) => this.noticeParams(task, locale),
        })
      ).mails;
    });
    await this.notifier.send(mails);
  }

  private async produce(
    task: TaskRow,
    key: string,
    signal: AbortSignal,
    log: TaskLogger,
  ): Promise<StoredObject & { name: string }> {
    const viewer = await this.access.viewerOf(task.userId);
    const now = this.clock.now();
    if (task.type === 'PACKAGE_LIVE_CD') {
      const params = task.params as LivecdParams;
      const ids = [params.baseVersionId, ...params.componentVersionIds];
      const files = await this.resolver.files(viewer, ids, params.locale);
      const missing = ids.find((id) => !files.has(id));
      if (missing !== undefined) throw new TaskError('TASK_LOG_VERSION_GONE', { version: `#${missing}` });
      const [base, ...components] = ids.map((id) => files.get(id)!);
      const stored = await writeLivecdIso(this.store, key, base!, components, {
        signal,
        log,
        label: params.label,
        xorriso: this.options.xorriso,
        now,
      });
      return { ...stored, name: `livecd-${task.id}-${params.label}.iso` };
    }
    const params = task.params as MirrorParams;
    const lines = params.selected
      ? await this.selectedLines(viewer, params)
      : params.by === 'sn'
        ? await this.resolver.bySerials(viewer, params.values, params.locale, log)
        : await this.resolver.byParts(viewer, params.values, params.locale, log);
    if (lines.length === 0) throw new TaskError('TASK_LOG_NOTHING_FOUND');
    const stored = await writeBundle(this.store, key, lines, {
      signal,
      log,
      now,
      generatedBy: `task ${task.id}`,
      sboms: await this.resolver.sbomsOf([...new Set(lines.map((line) => line.file.versionId))]),
    });
    await log('TASK_LOG_BUNDLE_DONE', { files: stored.files, size: stored.size, sha256: stored.sha256 });
    return { size: stored.size, sha256: stored.sha256, name: `firmware-bundle-${task.id}.tar` };
  }

  /** The chosen files, as they may still be downloaded now (a recalled one is left out). */
  private async selectedLines(viewer: Viewer, params: MirrorParams): Promise<BundleLine[]> {
    const selected = params.selected ?? [];
    const files = await this.resolver.files(
      viewer,
      [...new Set(selected.map((line) => line.versionId))],
      params.locale,
    );
    return selected.flatMap(({ versionId, ...line }) => {
      const file = files.get(versionId);
      return file ? [{ ...line, file }] : [];
    });
  }

  private noticeParams(task: TaskRow, locale: Locale) {
    const type = task.type as 'LIST_MIRROR_SN' | 'LIST_MIRROR_PN' | 'PACKAGE_LIVE_CD';
    return { id: task.id, type: translateType(locale, type) };
  }

  private async task(job: TaskJob): Promise<TaskRow | null> {
    const taskId = Number(job.data.taskId);
    if (!Number.isInteger(taskId)) return null;
    const [task] = await this.db.select().from(tasks).where(eq(tasks.id, taskId));
    return task ?? null;
  }
}

function translateType(
  locale: Locale,
  type: 'LIST_MIRROR_SN' | 'LIST_MIRROR_PN' | 'PACKAGE_LIVE_CD',
): string {
  return translate(locale, `TASK_TYPE_${type}`);
}
