import {
  formatSize,
  type Locale,
  type LivecdTaskBody,
  livecdTaskBodySchema,
  type Page,
  type Task,
  TASK_MAX_OPEN_PER_USER,
  type TaskStatus,
  type TaskType,
} from '@portal/contract';
import { and, count, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { newestFirstPage } from '../../db/newest-first-page';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions, tasks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store/file-store';
import { type MessageKey, isMessageKey, translate } from '../../lib/i18n/messages';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { QueueSpec } from '../../lib/jobs/job-types';
import type { CatalogAccess } from '../catalog/catalog-access';
import { localName } from '../catalog/catalog-rows';

export const TASK_QUEUE = 'task.run';
/** Attempts per run (a retry by the user starts a new run). */
export const TASK_MAX_ATTEMPTS = 2;

/** How task jobs run: one retry after a short backoff; each task's own time limit comes with its job. */
export const TASK_QUEUE_SPEC: QueueSpec = {
  name: TASK_QUEUE,
  maxAttempts: TASK_MAX_ATTEMPTS,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 300,
  timeoutSeconds: 3600,
};

type TaskRow = typeof tasks.$inferSelect;
export type LogEntry = {
  at: string;
  key: string;
  params: Record<string, string | number>;
  level: 'info' | 'warn' | 'error';
};
/** A component a "what is missing" bundle updates (fleet compliance, issue 34). */
export type SelectedLine = {
  sn: string;
  pn: string;
  model: string;
  component: string;
  current: string;
  versionId: number;
  /** What compliance said (absent in tasks created before issue 42). */
  state?: 'vulnerable' | 'outdated';
  installOrder?: number;
  rebootRequired?: boolean;
  prerequisites?: { component: string; minVersion: string }[];
};
export type MirrorParams = {
  by: 'sn' | 'pn';
  values: string[];
  locale: Locale;
  /** Set for a bundle of what is missing: exactly these files, instead of the newest of everything. */
  selected?: SelectedLine[];
};
export type LivecdParams = {
  baseVersionId: number;
  componentVersionIds: number[];
  label: string;
  locale: Locale;
};

export const logEntry = (
  at: Date,
  key: MessageKey,
  params: Record<string, string | number> = {},
  level: LogEntry['level'] = 'info',
): LogEntry => ({ at: at.toISOString(), key, params, level });

/** Appends entries to a task's log in one statement (jsonb concatenation, no read-modify-write). */
export function appendLog(entries: LogEntry[]) {
  return sql`${tasks.log} || ${JSON.stringify(entries)}::jsonb`;
}

/**
 * A log entry's parameters as a person reads them: a byte count (`size`, kept exact in the stored
 * entry) in the console's units, '3 MB' rather than '3147296 bytes' (issue 42 §3).
 */
export function readableParams(params: LogEntry['params']): LogEntry['params'] {
  return typeof params.size === 'number' ? { ...params, size: formatSize(params.size) } : params;
}

/**
 * The user's side of background tasks: creating them (the row and its job in one
 * transaction), listing, retrying, and the result file. Running them is TaskRunner's.
 */
export class TaskService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly queue: JobQueue,
    private readonly access: CatalogAccess,
    private readonly store: FileStore,
    /** Each task type's time limit (TASK_TIMEOUT_SECONDS). */
    private readonly timeouts: Record<TaskType, number>,
  ) {}

  async createMirror(userId: number, by: 'sn' | 'pn', values: string[], locale: Locale): Promise<Task> {
    const params: MirrorParams = { by, values, locale };
    return this.create(userId, by === 'sn' ? 'LIST_MIRROR_SN' : 'LIST_MIRROR_PN', params, locale);
  }

  /**
   * The SN bundle limited to what is missing: the files of the outdated or vulnerable components
   * that fleet compliance chose (the caller's own servers, targets it may see).
   */
  async createMissingBundle(
    userId: number,
    sns: string[],
    selected: SelectedLine[],
    locale: Locale,
  ): Promise<Task> {
    const params: MirrorParams = { by: 'sn', values: sns, locale, selected };
    return this.create(userId, 'LIST_MIRROR_SN', params, locale);
  }

  /** The base must be a LiveCD image the user may see; components any other visible published version. */
  async createLivecd(
    userId: number,
    input: z.input<typeof livecdTaskBodySchema>,
    locale: Locale,
  ): Promise<Task> {
    const body = livecdTaskBodySchema.parse(input) as Required<LivecdTaskBody>;
    const ids = [...new Set([body.baseVersionId, ...body.componentVersionIds])];
    const viewer = await this.access.viewerOf(userId);
    const rows = await this.db
      .select({ id: catalogVersions.id, kind: catalogItems.kind, version: catalogVersions.version })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(
        and(
          inArray(catalogVersions.id, ids),
          eq(catalogVersions.status, 'published'),
          this.access.visibleItems(viewer),
        ),
      );
    if (rows.length !== ids.length) throw new AppError('CATALOG_NOT_VISIBLE');
    const kindOf = new Map(rows.map((r) => [r.id, r.kind]));
    if (kindOf.get(body.baseVersionId) !== 'LIVECD') throw new AppError('LIVECD_BASE_INVALID');
    const components = ids.filter((id) => id !== body.baseVersionId);
    if (components.some((id) => kindOf.get(id) === 'LIVECD')) throw new AppError('LIVECD_BASE_INVALID');
    const params: LivecdParams = {
      baseVersionId: body.baseVersionId,
      componentVersionIds: components,
      label: body.label ?? 'PORTAL_LIVECD',
      locale,
    };
    return this.create(userId, 'PACKAGE_LIVE_CD', params, locale);
  }

  private async create(userId: number, type: TaskType, params: MirrorParams | LivecdParams, locale: Locale) {
    const now = this.clock.now();
    const id = await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      // The user's row serialises concurrent creations, so the limit holds under a burst.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [open] = await tx
        .select({ n: count() })
        .from(tasks)
        .where(and(eq(tasks.userId, userId), inArray(tasks.status, ['PENDING', 'RUNNING'])));
      if ((open?.n ?? 0) >= TASK_MAX_OPEN_PER_USER)
        throw new AppError('TASK_TOO_MANY_OPEN', { params: { max: TASK_MAX_OPEN_PER_USER } });
      const [row] = await tx
        .insert(tasks)
        .values({ userId, type, params, createdAt: now, log: [logEntry(now, 'TASK_LOG_CREATED')] })
        .returning({ id: tasks.id });
      if (!row) throw new Error('task not stored');
      await this.enqueue(tx, row.id, type);
      return row.id;
    });
    return this.get(userId, id, locale);
  }

  /** The task's job, sent in the caller's transaction (a rolled-back request leaves no job). */
  private async enqueue(tx: Db, taskId: number, type: TaskType): Promise<void> {
    const jobId = await this.queue.send(TASK_QUEUE, { taskId }, { tx, timeoutSeconds: this.timeouts[type] });
    await tx.update(tasks).set({ jobId }).where(eq(tasks.id, taskId));
  }

  /**
   * Open tasks that have no job (left by the queue that came before pg-boss, whose jobs the
   * upgrade dropped) get one. Safe from several processes at once: the row lock decides.
   */
  async adoptJobless(): Promise<number> {
    const orphans = await this.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(inArray(tasks.status, ['PENDING', 'RUNNING']), isNull(tasks.jobId)));
    let adopted = 0;
    for (const { id } of orphans) {
      adopted += await this.db.transaction(async (transaction) => {
        const tx: Db = transaction;
        const [row] = await tx
          .update(tasks)
          .set({ status: 'PENDING' })
          .where(and(eq(tasks.id, id), inArray(tasks.status, ['PENDING', 'RUNNING']), isNull(tasks.jobId)))
          .returning({ type: tasks.type });
        if (!row) return 0;
        await this.enqueue(tx, id, row.type as TaskType);
        return 1;
      });
    }
    return adopted;
  }

  async list(userId: number, pageNo: number, pageSize: number, locale: Locale): Promise<Page<Task>> {
    const page = await newestFirstPage(this.db, tasks, eq(tasks.userId, userId), { pageNo, pageSize });
    return { ...page, rows: await this.toTasks(page.rows, locale) };
  }

  async get(userId: number, id: number, locale: Locale): Promise<Task> {
    const [task] = await this.toTasks([await this.own(userId, id)], locale);
    if (!task) throw new AppError('TASK_NOT_FOUND');
    return task;
  }

  /** FAILED -> PENDING with a new job; the log keeps the history of every run. */
  async retry(userId: number, id: number, locale: Locale): Promise<Task> {
    await this.own(userId, id);
    const now = this.clock.now();
    await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      const [row] = await tx
        .update(tasks)
        .set({
          status: 'PENDING',
          startedAt: null,
          endedAt: null,
          log: appendLog([logEntry(now, 'TASK_LOG_RETRY_REQUESTED')]),
        })
        .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.status, 'FAILED')))
        .returning({ id: tasks.id, type: tasks.type });
      if (!row) throw new AppError('TASK_NOT_RETRYABLE');
      await this.enqueue(tx, id, row.type as TaskType);
    });
    return this.get(userId, id, locale);
  }

  /** What GET /api/tasks/:id/result serves: only the owner's finished, unexpired result. */
  async resultTarget(userId: number, id: number) {
    const row = await this.own(userId, id);
    if (
      row.status !== 'SUCCESS' ||
      !row.resultKey ||
      !row.resultName ||
      row.resultSize === null ||
      !row.resultSha256
    )
      throw new AppError('TASK_RESULT_GONE');
    return {
      storageKey: row.resultKey,
      fileName: row.resultName,
      size: row.resultSize,
      sha256: row.resultSha256,
      lastModified: row.endedAt,
    };
  }

  /** Removes result files past their expiry; the task and its log stay. Returns how many went. */
  async removeExpiredResults(): Promise<number> {
    const now = this.clock.now();
    const expired = await this.db
      .select({ id: tasks.id, key: tasks.resultKey })
      .from(tasks)
      .where(and(isNotNull(tasks.resultKey), lt(tasks.resultExpiresAt, now)));
    for (const row of expired) {
      if (row.key) await this.store.remove(row.key);
      await this.db
        .update(tasks)
        .set({ resultKey: null, log: appendLog([logEntry(now, 'TASK_LOG_RESULT_EXPIRED')]) })
        .where(and(eq(tasks.id, row.id), isNotNull(tasks.resultKey)));
    }
    return expired.length;
  }

  /** Unfinished and failed tasks of every user, for the staff dashboard. */
  async backlog(): Promise<{ pending: number; running: number; failed: number }> {
    const rows = await this.db
      .select({ status: tasks.status, n: count() })
      .from(tasks)
      .where(inArray(tasks.status, ['PENDING', 'RUNNING', 'FAILED']))
      .groupBy(tasks.status);
    const of = (status: TaskStatus) => rows.find((row) => row.status === status)?.n ?? 0;
    return { pending: of('PENDING'), running: of('RUNNING'), failed: of('FAILED') };
  }

  private async own(userId: number, id: number): Promise<TaskRow> {
    const [row] = await this.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId)));
    if (!row) throw new AppError('TASK_NOT_FOUND');
    return row;
  }

  private async toTasks(rows: TaskRow[], locale: Locale): Promise<Task[]> {
    const baseIds = rows.flatMap((r) =>
      r.type === 'PACKAGE_LIVE_CD' ? [(r.params as LivecdParams).baseVersionId] : [],
    );
    const bases = baseIds.length
      ? await this.db
          .select({
            id: catalogVersions.id,
            version: catalogVersions.version,
            nameZh: catalogItems.nameZh,
            nameEn: catalogItems.nameEn,
          })
          .from(catalogVersions)
          .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
          .where(inArray(catalogVersions.id, baseIds))
      : [];
    const baseName = new Map(bases.map((b) => [b.id, `${localName(locale, b)} ${b.version}`]));
    return rows.map((row) => {
      const summary = (() => {
        if (row.type === 'PACKAGE_LIVE_CD') {
          const params = row.params as LivecdParams;
          return translate(locale, 'TASK_SUMMARY_LIVECD', {
            base: baseName.get(params.baseVersionId) ?? `#${params.baseVersionId}`,
            count: params.componentVersionIds.length,
          });
        }
        const params = row.params as MirrorParams;
        const shown =
          params.values.slice(0, 10).join(', ') +
          (params.values.length > 10 ? ` (+${params.values.length - 10})` : '');
        return translate(locale, params.by === 'sn' ? 'TASK_SUMMARY_SN' : 'TASK_SUMMARY_PN', {
          values: shown,
        });
      })();
      const status = row.status as TaskStatus;
      return {
        id: row.id,
        type: row.type as TaskType,
        status,
        summary,
        createTime: row.createdAt.toISOString(),
        startTime: row.startedAt?.toISOString() ?? null,
        endTime: row.endedAt?.toISOString() ?? null,
        log: (row.log as LogEntry[]).map((entry) => ({
          time: entry.at,
          level: entry.level,
          message: isMessageKey(entry.key)
            ? translate(locale, entry.key, readableParams(entry.params))
            : entry.key,
        })),
        result:
          row.resultKey && row.resultName && row.resultSize !== null && row.resultSha256
            ? {
                fileName: row.resultName,
                size: row.resultSize,
                sha256: row.resultSha256,
                expiresAt: row.resultExpiresAt?.toISOString() ?? null,
              }
            : null,
        resultExpired: status === 'SUCCESS' && !row.resultKey,
        canRetry: status === 'FAILED',
      };
    });
  }
}
