import type { DownloadRecord, DownloadRecordStatus, Locale, Page } from '@portal/contract';
import { desc, eq, sql } from 'drizzle-orm';
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
  /** The response delivered the file's last byte (a whole file or the end of a resumed one). */
  countsAsDownload: boolean;
  ip: string | null;
  userAgent: string | null;
};

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

  /** Writes the record (and bumps the count) in the background; failures are logged, never sent. */
  record(outcome: DownloadOutcome): void {
    const task = this.write(outcome)
      .catch((error: unknown) => this.log.error({ err: error, outcome }, 'download record not written'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Waits for records still being written (before the database closes). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async records(
    userId: number,
    page: { pageNo: number; pageSize: number },
    locale: Locale,
  ): Promise<Page<DownloadRecord>> {
    const mine = eq(downloadRecords.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          record: downloadRecords,
          itemCode: catalogItems.code,
          nameZh: catalogItems.nameZh,
          nameEn: catalogItems.nameEn,
          version: catalogVersions.version,
          fileName: catalogVersions.fileName,
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
        bytes: record.bytes,
        range: record.range,
        status: record.status as DownloadRecordStatus,
        ip: record.ip,
        createTime: record.createdAt.toISOString(),
      })),
      totalRows: total?.value ?? 0,
      pageNo: page.pageNo,
    };
  }

  private async write(outcome: DownloadOutcome): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(downloadRecords).values({
        userId: outcome.userId,
        versionId: outcome.versionId,
        bytes: outcome.bytes,
        range: outcome.range,
        status: outcome.status,
        ip: outcome.ip?.slice(0, 64) ?? null,
        userAgent: outcome.userAgent?.slice(0, 500) ?? null,
        createdAt: this.clock.now(),
      });
      if (outcome.countsAsDownload)
        await tx
          .update(catalogVersions)
          .set({ downloadCount: sql`${catalogVersions.downloadCount} + 1` })
          .where(eq(catalogVersions.id, outcome.versionId));
    });
  }
}
