import { randomUUID } from 'node:crypto';
import type { Locale } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { tasks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { FileStore, StoredObject } from '../../lib/file-store/file-store';
import { type MessageKey, translate } from '../../lib/i18n/messages';
import type { Job } from '../../lib/jobs/job-queue';
import { type JobContext, type JobHandler, LeaseLostError } from '../../lib/jobs/job-worker';
import type { CatalogAccess } from '../catalog/catalog-access';
import type { Notifier, PendingMail } from '../notice/notifier';
import { writeBundle } from './bundle-writer';
import { writeLivecdIso } from './livecd-iso';
import type { MirrorResolver, TaskLogger } from './mirror-resolve';
import { TaskError } from './task-error';
import { appendLog, type LivecdParams, logEntry, type MirrorParams, TASK_QUEUE } from './task.service';

type TaskRow = typeof tasks.$inferSelect;

export type TaskRunnerOptions = {
  /** How long a result stays downloadable. */
  resultTtlMs: number;
  /** The ISO writer command (tests and operators may name another). */
  xorriso?: string;
};

/**
 * Runs one task per job: RUNNING, the type's work (bundle or ISO, streamed into the
 * store), then SUCCESS with the result, the job's completion and the owner's notice
 * in one transaction. Failed attempts and dead workers come back through onFailure.
 */
export class TaskRunner implements JobHandler {
  readonly queue = TASK_QUEUE;
  readonly retryDelayMs = 5_000;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly access: CatalogAccess,
    private readonly resolver: MirrorResolver,
    private readonly notifier: Notifier,
    private readonly log: FastifyBaseLogger,
    private readonly options: TaskRunnerOptions,
  ) {}

  async run(job: Job, context: JobContext): Promise<void> {
    const task = await this.task(job);
    if (!task || task.status === 'SUCCESS' || task.jobId !== job.id) return;
    await this.db
      .update(tasks)
      .set({
        status: 'RUNNING',
        startedAt: this.clock.now(),
        log: appendLog([
          logEntry(this.clock.now(), 'TASK_LOG_STARTED', { attempt: job.attempts, max: job.maxAttempts }),
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
      result = await this.produce(task, key, context.signal, log);
    } catch (error) {
      if (error instanceof TaskError) await log(error.key, error.params, 'error');
      else if (!(error instanceof LeaseLostError) && !context.signal.aborted) {
        this.log.error({ err: error, taskId: task.id }, 'task attempt failed');
        await log('TASK_LOG_INTERNAL_ERROR', {}, 'error');
      }
      throw error;
    }
    const now = this.clock.now();
    const expires = new Date(now.getTime() + this.options.resultTtlMs);
    let mails: PendingMail[] = [];
    try {
      await context.finish(async (tx) => {
        await tx
          .update(tasks)
          .set({
            status: 'SUCCESS',
            endedAt: now,
            resultKey: key,
            resultName: result.name,
            resultSize: result.size,
            resultSha256: result.sha256,
            resultExpiresAt: expires,
            log: appendLog([logEntry(now, 'TASK_LOG_SUCCESS', { expires: expires.toISOString() })]),
          })
          .where(eq(tasks.id, task.id));
        ({ mails } = await this.notifier.post(tx, [task.userId], 'taskFinished', {
          title: 'TASK_NOTICE_SUCCESS_TITLE',
          text: 'TASK_NOTICE_SUCCESS_TEXT',
          params: (locale) => ({
            ...this.noticeParams(task, locale),
            file: result.name,
            expires: expires.toISOString(),
          }),
        }));
      });
    } catch (error) {
      // Another worker owns the task now (or the database refused): this attempt's file must not stay.
      await this.store.remove(key);
      throw error;
    }
    await this.notifier.send(mails);
  }

  async onFailure(job: Job, reason: string, outcome: 'retry' | 'failed'): Promise<void> {
    const task = await this.task(job);
    if (!task || task.jobId !== job.id) return;
    const now = this.clock.now();
    const entries = [
      ...(reason.startsWith('lease expired') ? [logEntry(now, 'TASK_LOG_WORKER_LOST', {}, 'warn')] : []),
      outcome === 'retry'
        ? logEntry(now, 'TASK_LOG_RETRYING', { attempt: job.attempts, max: job.maxAttempts }, 'warn')
        : logEntry(now, 'TASK_LOG_FAILED', {}, 'error'),
    ];
    if (outcome === 'retry') {
      await this.db
        .update(tasks)
        .set({ status: 'PENDING', log: appendLog(entries) })
        .where(eq(tasks.id, task.id));
      return;
    }
    const mails = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx
        .update(tasks)
        .set({ status: 'FAILED', endedAt: now, log: appendLog(entries) })
        .where(eq(tasks.id, task.id));
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
    const lines =
      params.by === 'sn'
        ? await this.resolver.bySerials(viewer, params.values, params.locale, log)
        : await this.resolver.byParts(viewer, params.values, params.locale, log);
    if (lines.length === 0) throw new TaskError('TASK_LOG_NOTHING_FOUND');
    const stored = await writeBundle(this.store, key, lines, {
      signal,
      log,
      now,
      generatedBy: `task ${task.id}`,
    });
    await log('TASK_LOG_BUNDLE_DONE', { files: stored.files, size: stored.size, sha256: stored.sha256 });
    return { size: stored.size, sha256: stored.sha256, name: `firmware-bundle-${task.id}.tar` };
  }

  private noticeParams(task: TaskRow, locale: Locale) {
    const type = task.type as 'LIST_MIRROR_SN' | 'LIST_MIRROR_PN' | 'PACKAGE_LIVE_CD';
    return { id: task.id, type: translateType(locale, type) };
  }

  private async task(job: Job): Promise<TaskRow | null> {
    const taskId = Number((job.payload as { taskId?: unknown }).taskId);
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
