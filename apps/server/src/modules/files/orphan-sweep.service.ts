import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogVersions, catalogVersionSboms, storedFiles, tasks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { FileStore, ListedObject } from '../../lib/file-store/file-store';
import {
  publishedSignatureKey,
  RELEASE_SIGNATURES_PREFIX,
  signatureVersionId,
} from '../downloads/published-signature';

/**
 * The folders the portal writes to (catalogue versions, avatars, release-notes images, task
 * results, versions' SBOMs, fwportal builds' release signatures). The sweep looks nowhere else,
 * so other objects in a shared bucket are never touched.
 */
export const SWEPT_PREFIXES = [
  'catalog/',
  'avatars/',
  'editor-images/',
  'tasks/',
  'sbom/',
  RELEASE_SIGNATURES_PREFIX,
] as const;

/** Objects checked against the database at once. */
const BATCH = 500;

export type SweepCounts = {
  /** Temporary files of writes a crash cut off (`.part`, local folder). */
  partial: number;
  /** Whole files no row references (the row was never written, or the removal after its deletion failed). */
  orphaned: number;
  /** Files that could not be removed (tried again on the next sweep). */
  failed: number;
};

/**
 * Removes what a crash leaves in the file store: `.part` files of cut-off uploads, and
 * files whose row was never written (a crash between the upload and its transaction) or
 * whose removal after their row went failed. Nothing younger than the grace period is
 * touched (an upload may be under way, or about to write its row), and nothing any
 * row references: `catalog_versions.storage_key`, `files.storage_key` (avatars, editor
 * images) and `tasks.result_key`. Objects are listed before their rows are read, so a
 * row written meanwhile is seen. Only counts are logged.
 */
export class OrphanSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepCounts> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly log: FastifyBaseLogger,
    private readonly options: { graceMs: number; everyMs?: number },
  ) {}

  /** Sweeps now, then every hour (`everyMs`); the timer never keeps the process alive. */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.sweepAndLog(), this.options.everyMs ?? 3_600_000);
    this.timer.unref();
    void this.sweepAndLog();
  }

  /** Stops the timer and waits for a running sweep, which ends at its next batch. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One sweep; a call while one runs joins it. */
  sweep(): Promise<SweepCounts> {
    this.running ??= this.sweepOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweepAndLog(): Promise<void> {
    try {
      const counts = await this.sweep();
      if (counts.failed > 0) this.log.warn(counts, 'file sweep could not remove every unreferenced file');
      else if (counts.partial + counts.orphaned > 0)
        this.log.info(counts, 'file sweep removed unreferenced files');
    } catch (err) {
      this.log.error({ err }, 'file sweep failed');
    }
  }

  private async sweepOnce(): Promise<SweepCounts> {
    const cutoff = this.clock.now().getTime() - this.options.graceMs;
    const counts: SweepCounts = { partial: 0, orphaned: 0, failed: 0 };
    for (const prefix of SWEPT_PREFIXES) {
      let batch: ListedObject[] = [];
      for await (const object of this.store.list(prefix)) {
        if (this.stopped) return counts;
        if (object.modifiedAt.getTime() >= cutoff) continue;
        batch.push(object);
        if (batch.length >= BATCH) {
          await this.removeUnreferenced(batch, counts);
          batch = [];
        }
      }
      if (this.stopped) return counts;
      await this.removeUnreferenced(batch, counts);
    }
    return counts;
  }

  private async removeUnreferenced(batch: ListedObject[], counts: SweepCounts): Promise<void> {
    if (batch.length === 0) return;
    const keys = batch.map((object) => object.key);
    const rows = [
      ...(await this.db
        .select({ key: catalogVersions.storageKey })
        .from(catalogVersions)
        .where(inArray(catalogVersions.storageKey, keys))),
      ...(await this.db
        .select({ key: storedFiles.storageKey })
        .from(storedFiles)
        .where(inArray(storedFiles.storageKey, keys))),
      ...(await this.db.select({ key: tasks.resultKey }).from(tasks).where(inArray(tasks.resultKey, keys))),
      // A deleted draft takes its SBOM row with it (cascade); its file is left for this sweep.
      ...(await this.db
        .select({ key: catalogVersionSboms.storageKey })
        .from(catalogVersionSboms)
        .where(inArray(catalogVersionSboms.storageKey, keys))),
    ];
    const referenced = new Set(rows.map((row) => row.key));
    // A release signature is named after its version (a deleted draft leaves it if its removal failed).
    const signed = keys.map(signatureVersionId).filter((id): id is number => id !== null);
    if (signed.length > 0)
      for (const { id } of await this.db
        .select({ id: catalogVersions.id })
        .from(catalogVersions)
        .where(inArray(catalogVersions.id, signed)))
        referenced.add(publishedSignatureKey(id));
    for (const object of batch) {
      if (referenced.has(object.key)) continue;
      try {
        await this.store.remove(object.key);
        counts[object.partial ? 'partial' : 'orphaned'] += 1;
      } catch {
        counts.failed += 1;
      }
    }
  }
}
