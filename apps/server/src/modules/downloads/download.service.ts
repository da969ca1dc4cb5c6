import type { DownloadRecord, DownloadRecordStatus, Locale, Page } from '@portal/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions, downloadRecordCounts, downloadRecords } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store/file-store';
import type { Viewer } from '../catalog/catalog-access';
import { localName } from '../catalog/catalog-rows';
import type { CatalogService } from '../catalog/catalog.service';
import { ChunkBudget } from './chunk-budget';
import { dependencyUnavailable } from '../../lib/pg-errors';

/** Records of one user (or address) and file this close together are one download. */
export const DOWNLOAD_COUNT_WINDOW_MS = 30 * 60_000;
/** A request (with those before it in the window) sending less than this is a probe. */
export const PROBE_BYTES = 64 * 1024;

/** How long a presigned object-storage URL stays valid (a redirect is followed at once). */
export const PRESIGNED_URL_SECONDS = 300;

/** A version the viewer may download, with what the response headers need. */
export type DownloadTarget = {
  versionId: number;
  itemKind: string;
  fileName: string;
  size: number;
  sha256: string;
  storageKey: string;
  lastModified: Date | null;
};

export type DownloadOutcome = {
  userId: number | null;
  versionId: number;
  /** Bytes handed to the client in this request. */
  bytes: number;
  /** The Range answered, as `bytes=start-end`, or '' for the whole file. */
  range: string;
  status: DownloadRecordStatus;
  /**
   * The response delivered the file's last byte (a whole file, the end of a resumed one, or
   * a redirect for the whole file): it may count as a download (see `write`).
   */
  countsAsDownload: boolean;
  /** The file's size: tells a download's end from a probe of a few bytes. */
  fileSize: number;
  ip: string | null;
  userAgent: string | null;
  /** The row `begin` wrote for this request, completed by `record`; none: `record` inserts one. */
  recordId?: number;
};

/** Status of a row written before the first byte and not (yet) completed: its end is unconfirmed. */
export const DOWNLOAD_STARTED = 'started';

/** How long a finished download's record is retried while the database is away (a restart, a failover). */
const RECORD_RETRY_MS = 120_000;
/** How long a closing process waits for cut transfers to report how far they got. */
const TRANSFER_END_WAIT_MS = 1_000;

/**
 * Downloads of catalogue files: the access check (the catalogue's own visibility
 * rule), the record of every GET and the per-version download count.
 */
export class DownloadService {
  private readonly pending = new Set<Promise<void>>();
  /** Sizes the read chunks of the downloads streaming at once (memory bound). */
  readonly chunks = new ChunkBudget();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    private readonly store: FileStore,
    private readonly log: FastifyBaseLogger,
    /** Told of every ended download request (metrics); the record is written regardless. */
    private readonly observe: (outcome: DownloadOutcome) => void = () => undefined,
  ) {}

  viewerOf(userId: number | null): Promise<Viewer> {
    return this.catalog.viewerOf(userId);
  }

  /** The version's file, after the access check; FILE_NOT_FOUND (DOCUMENT_NOT_FOUND for documents) when the store lacks it. */
  async target(viewer: Viewer, versionId: number): Promise<DownloadTarget> {
    const { item, version } = await this.catalog.visibleVersion(viewer, versionId);
    const stored = await this.store.stat(version.storageKey);
    if (!stored) throw new AppError(item.kind === 'DOCUMENT' ? 'DOCUMENT_NOT_FOUND' : 'FILE_NOT_FOUND');
    if (stored.size !== version.fileSize) {
      // A published version's bytes never change: a different size means the store was tampered with.
      this.log.error(
        { versionId, stored: stored.size, expected: version.fileSize },
        'stored file size differs',
      );
      throw new AppError('DOWNLOAD_FAILED');
    }
    return {
      versionId,
      itemKind: item.kind,
      fileName: version.fileName,
      size: version.fileSize,
      sha256: version.sha256,
      storageKey: version.storageKey,
      lastModified: version.publishedAt ?? version.createdAt,
    };
  }

  /** A presigned object-storage URL when the store offers them, else null (the portal streams). */
  async redirectUrl(target: DownloadTarget): Promise<string | null> {
    if (!this.store.presignedDownloadUrl) return null;
    return this.store.presignedDownloadUrl(target.storageKey, {
      fileName: target.fileName,
      expiresInSeconds: PRESIGNED_URL_SECONDS,
    });
  }

  /**
   * Writes this request's row before its first byte is sent, so that a process killed in the
   * middle of a download (or just after it) leaves a row, never none. `record` completes it;
   * a row left 'started' is a download whose end nobody confirmed. Not counted, not listed.
   */
  async begin(outcome: Omit<DownloadOutcome, 'bytes' | 'status' | 'countsAsDownload'>): Promise<number> {
    const [row] = await this.db
      .insert(downloadRecords)
      .values({
        counted: false,
        userId: outcome.userId,
        versionId: outcome.versionId,
        bytes: 0,
        range: outcome.range,
        status: DOWNLOAD_STARTED,
        ip: outcome.ip?.slice(0, 64) ?? null,
        userAgent: outcome.userAgent?.slice(0, 500) ?? null,
        createdAt: this.clock.now(),
      })
      .returning({ id: downloadRecords.id });
    if (!row) throw new Error('download record not inserted');
    this.transfers.add(row.id);
    return row.id;
  }

  /**
   * Writes a hand-over's record (a redirect, X-Accel-Redirect) before the answer goes out:
   * once the client has the address, the record exists.
   */
  async recordNow(outcome: DownloadOutcome): Promise<void> {
    this.observe(outcome);
    await this.write(outcome);
  }

  /**
   * Completes the record (and bumps the count) in the background; failures are logged, never sent.
   * The bytes have gone out already, so a database that is away (restarting, failing over) must
   * not lose the record: it is written again with backoff until the database is back, for up to
   * RECORD_RETRY_MS, or until the process closes (one last attempt then).
   */
  record(outcome: DownloadOutcome): void {
    this.observe(outcome);
    if (outcome.recordId !== undefined) this.transfers.delete(outcome.recordId);
    const task = this.writeUntilStored(outcome)
      .catch((error: unknown) => this.log.error({ err: error, outcome }, 'download record not written'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /**
   * Waits for records still being written (before the database closes); retries end now. By the
   * time the server has closed, every connection has ended, but a transfer learns it a moment
   * later (sendfile's cancel completes on the next turn of its loop): those are waited for too.
   */
  async drain(): Promise<void> {
    const waitUntil = Date.now() + TRANSFER_END_WAIT_MS;
    while (this.transfers.size > 0 && Date.now() < waitUntil)
      await new Promise((resolve) => setTimeout(resolve, 20));
    this.closing = true;
    this.wakeRetries.forEach((wake) => wake());
    try {
      while (this.pending.size > 0) await Promise.all([...this.pending]);
    } finally {
      // Tests wait for records with drain() and go on downloading: retries work again after.
      this.closing = false;
    }
  }

  private closing = false;
  /** Records `begin` wrote whose transfer has not ended yet (`record` not called). */
  private readonly transfers = new Set<number>();
  private readonly wakeRetries = new Set<() => void>();

  private async writeUntilStored(outcome: DownloadOutcome): Promise<void> {
    const giveUpAt = Date.now() + RECORD_RETRY_MS;
    for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
      try {
        return await this.write(outcome);
      } catch (error) {
        if (!dependencyUnavailable(error) || this.closing || Date.now() + delay > giveUpAt) throw error;
        this.log.warn({ err: error, recordId: outcome.recordId }, 'download record waits for the database');
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.wakeRetries.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, delay);
          this.wakeRetries.add(wake);
        });
      }
    }
  }

  async records(
    userId: number,
    page: { pageNo: number; pageSize: number },
    locale: Locale,
  ): Promise<Page<DownloadRecord>> {
    // Downloads, not connections: one row per counted download (the same rule as every count).
    const mine = and(eq(downloadRecords.userId, userId), eq(downloadRecords.counted, true));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          record: downloadRecords,
          itemCode: catalogItems.code,
          nameZh: catalogItems.nameZh,
          nameEn: catalogItems.nameEn,
          version: catalogVersions.version,
          fileName: catalogVersions.fileName,
          fileSize: catalogVersions.fileSize,
        })
        .from(downloadRecords)
        .innerJoin(catalogVersions, eq(catalogVersions.id, downloadRecords.versionId))
        .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
        .where(mine)
        .orderBy(desc(downloadRecords.createdAt), desc(downloadRecords.id))
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize),
      // Kept by a trigger (migration 0011): counting a heavy downloader's records row by row is slow.
      this.db
        .select({ value: downloadRecordCounts.records })
        .from(downloadRecordCounts)
        .where(eq(downloadRecordCounts.userId, userId)),
    ]);
    return {
      rows: rows.map(({ record, ...row }) => ({
        id: record.id,
        versionId: record.versionId,
        itemCode: row.itemCode,
        itemName: localName(locale, row),
        version: row.version,
        fileName: row.fileName,
        // A row is a download (however many requests carried it): the whole file, no range.
        bytes: row.fileSize,
        range: '',
        status: record.status as DownloadRecordStatus,
        ip: record.ip,
        createTime: record.createdAt.toISOString(),
      })),
      totalRows: total?.value ?? 0,
      pageNo: page.pageNo,
    };
  }

  /**
   * One download counts once (issue 17 §3), however many connections or resumes carry it: a
   * record counts when it or one before it in the window delivered the file's end, no record of the same user (or, signed
   * out, address) and file counted within DOWNLOAD_COUNT_WINDOW_MS, and the bytes sent in that
   * window reach min(size, PROBE_BYTES), so `Range: bytes=-1` probes never count. The
   * version's count, the dashboard and the personal center all read `counted`.
   */
  private async write(outcome: DownloadOutcome): Promise<void> {
    await this.db.transaction(async (tx) => {
      const counted = await this.startsDownload(tx, outcome);
      const row = {
        counted,
        userId: outcome.userId,
        versionId: outcome.versionId,
        bytes: outcome.bytes,
        range: outcome.range,
        status: outcome.status,
        ip: outcome.ip?.slice(0, 64) ?? null,
        userAgent: outcome.userAgent?.slice(0, 500) ?? null,
        // The end of the request: the counting window runs from the end of the last connection.
        createdAt: this.clock.now(),
      };
      if (outcome.recordId === undefined) await tx.insert(downloadRecords).values(row);
      else await tx.update(downloadRecords).set(row).where(eq(downloadRecords.id, outcome.recordId));
      if (counted)
        await tx
          .update(catalogVersions)
          .set({ downloadCount: sql`${catalogVersions.downloadCount} + 1` })
          .where(eq(catalogVersions.id, outcome.versionId));
    });
  }

  private async startsDownload(tx: Db, outcome: DownloadOutcome): Promise<boolean> {
    const who =
      outcome.userId !== null
        ? eq(downloadRecords.userId, outcome.userId)
        : and(isNull(downloadRecords.userId), eq(downloadRecords.ip, outcome.ip?.slice(0, 64) ?? ''));
    // Connections of one download finish together: one at a time decides (per user and file).
    await tx.execute(sql`select pg_advisory_xact_lock(${outcome.versionId}, ${outcome.userId ?? 0})`);
    const [window] = await tx
      .select({
        bytes: sql<string>`coalesce(sum(${downloadRecords.bytes}), 0)`,
        counted: sql<boolean>`coalesce(bool_or(${downloadRecords.counted}), false)`,
        // Connections of one download end in any order: the one that sent the end may be
        // recorded before the others have sent enough.
        reachedEnd: sql<boolean>`coalesce(bool_or((${downloadRecords.status} = 'complete' and (${downloadRecords.range} = '' or ${downloadRecords.range} like ${`%-${outcome.fileSize - 1}`})) or (${downloadRecords.status} = 'redirect' and ${downloadRecords.range} = '')), false)`,
      })
      .from(downloadRecords)
      .where(
        and(
          eq(downloadRecords.versionId, outcome.versionId),
          who,
          gt(downloadRecords.createdAt, new Date(this.clock.now().getTime() - DOWNLOAD_COUNT_WINDOW_MS)),
        ),
      );
    if (window?.counted || !(outcome.countsAsDownload || window?.reachedEnd)) return false;
    // A hand-over to object storage for the whole file is the whole file.
    const sent =
      outcome.status === 'redirect' ? outcome.fileSize : Number(window?.bytes ?? 0) + outcome.bytes;
    return sent >= Math.min(outcome.fileSize, PROBE_BYTES);
  }
}
