import { randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { cliBuildPlatform, SEA_PLATFORMS } from '@portal/contract/cli-builds';
import { isPortableFileName } from '@portal/contract/file-names';
import {
  semverPreRelease,
  type PublishNoteLine,
  type PublishVersion,
  type PublishVersionDetail,
  type publishNotesInputSchema,
  type publishUpdatePlanSchema,
  type publishVersionMetaSchema,
  type recallInputSchema,
  withinSecurityFixPeriod,
} from '@portal/contract';
import { and, asc, countDistinct, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import {
  advisoryRevisions,
  catalogItems,
  catalogReleaseNotes,
  catalogVersionModels,
  catalogVersionParts,
  catalogVersions,
  downloadRecords,
  serverModels,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type FileStore, ObjectTooLargeError } from '../../lib/file-store/file-store';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { enqueueFanout } from '../notice/notice-fanout';
import { enqueueWebhookEvent } from '../webhooks/webhook-queues';
import { uniqueViolation } from '../../lib/pg-errors';
import { publishedSignatureKey } from '../downloads/published-signature';
import { ArchiveCorruptError } from './archive-check';
import {
  buildTypeOf,
  checkBuildName,
  readReleaseKeys,
  verifyReleaseSignature,
  WHOLE_BY_SIGNATURE,
} from './cli-build-upload';
import { ArchiveInspector, ArchiveMismatchError } from './archive-inspector';
import { ALLOWED_ARCHIVES, archiveTypeOfName } from './archive-type';
import { sanitiseNotesHtml } from './notes-sanitiser';
import { versionSupport } from './version-support';

type VersionMeta = z.output<typeof publishVersionMetaSchema>;
type NotesInput = z.output<typeof publishNotesInputSchema>;
type RecallInput = z.output<typeof recallInputSchema>;
type UpdatePlan = z.output<typeof publishUpdatePlanSchema>;
type VersionRow = typeof catalogVersions.$inferSelect;
type ItemRow = typeof catalogItems.$inferSelect;

/** A checked upload waiting for its bytes: the item exists, the version is new, the models are known. */
export type PendingVersion = {
  item: ItemRow;
  meta: VersionMeta;
  modelIds: number[];
  /** An fwportal build's release signature (its `.sig`), sent before the file. */
  releaseSignature?: Buffer;
  /** For an fwportal build: the release public keys its signature is checked with. */
  releaseKeys?: string[];
};

/** A storage key segment made of allowed characters only (the original name stays in the row). */
function storageName(fileName: string): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '_').slice(-120);
  return /^[A-Za-z0-9]/.test(safe) ? safe : `f${safe}`;
}

/** The last segment of what a client called the file (some send a path). */
export function baseName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '').trim().slice(0, 255);
}

/**
 * New versions, their life (draft -> published -> recalled) and their notes.
 * A version's file is written once, when it is created; nothing replaces it.
 */
export class PublishVersionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly log: FastifyBaseLogger,
    /** PUBLISH_MAX_BYTES: the largest file a version may have. */
    readonly maxBytes: number,
    private readonly jobs: JobQueue,
    /** The fwportal release public key (SPKI PEM) an uploaded fwportal build's signature is checked with. */
    private readonly releaseKeyFile: string,
  ) {}

  /** Checks everything about a new version that does not need its bytes (answered before they arrive). */
  async prepare(itemId: number, meta: VersionMeta): Promise<PendingVersion> {
    const [item] = await this.db.select().from(catalogItems).where(eq(catalogItems.id, itemId)).limit(1);
    if (!item) throw new AppError('PUBLISH_NOT_FOUND');
    const [existing] = await this.db
      .select({ id: catalogVersions.id })
      .from(catalogVersions)
      .where(and(eq(catalogVersions.itemId, itemId), eq(catalogVersions.version, meta.version)))
      .limit(1);
    if (existing) throw new AppError('PUBLISH_VERSION_EXISTS', { params: { version: meta.version } });
    const codes = [...new Set(meta.models.map((m) => m.toUpperCase()))];
    const models =
      codes.length > 0
        ? await this.db
            .select({ id: serverModels.id, code: serverModels.code })
            .from(serverModels)
            .where(inArray(serverModels.code, codes))
        : [];
    if (models.length !== codes.length)
      throw AppError.invalidFields([{ field: 'models', messageKey: 'MODEL_UNKNOWN' }]);
    const releaseKeys = cliBuildPlatform(item.code) ? await readReleaseKeys(this.releaseKeyFile) : undefined;
    return { item, meta, modelIds: models.map((m) => m.id), releaseKeys };
  }

  /**
   * Streams the file to the store (type checked by name and content, size
   * bounded, MD5 and SHA-256 computed on the way) and creates the draft. Any
   * failure, including the client going away, leaves neither file nor row.
   */
  async create(
    pending: PendingVersion,
    fileName: string,
    body: Readable,
    userId: number,
  ): Promise<PublishVersion> {
    const name = baseName(fileName);
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(fileName) || !isPortableFileName(name))
      throw AppError.invalidFields([{ field: 'file', messageKey: 'FILE_NAME_FORMAT' }]);
    const platform = cliBuildPlatform(pending.item.code);
    if (platform) checkBuildName(platform, pending.meta.version, name);
    else if (pending.releaseSignature)
      throw AppError.invalidFields([{ field: 'signature', messageKey: 'PUBLISH_SIGNATURE_NOT_BUILD' }]);
    const releaseSignature = pending.releaseSignature;
    if (platform && !releaseSignature)
      throw AppError.invalidFields([{ field: 'signature', messageKey: 'PUBLISH_BUILD_SIGNATURE_FORMAT' }]);
    const type = platform ? buildTypeOf(platform) : archiveTypeOfName(name);
    if (!type) throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed: ALLOWED_ARCHIVES } });
    const key = `catalog/${pending.item.code}/${randomUUID()}/${storageName(name)}`;
    const inspector = platform ? new ArchiveInspector(type, WHOLE_BY_SIGNATURE) : new ArchiveInspector(type);
    let stored: { size: number; sha256: string };
    try {
      // pipeline (not pipe) so that a client going away fails the store's write too.
      const checked = pipeline(body, inspector, () => {});
      stored = await this.store.put(key, checked, { maxBytes: this.maxBytes });
    } catch (error) {
      body.destroy();
      if (error instanceof ArchiveMismatchError && platform)
        throw new AppError('FILE_TYPE_NOT_ALLOWED', {
          messageKey: 'PUBLISH_BUILD_CONTENT',
          params: { type: platform },
        });
      if (error instanceof ArchiveMismatchError)
        throw new AppError('FILE_TYPE_NOT_ALLOWED', {
          messageKey: 'PUBLISH_FILE_CONTENT_MISMATCH',
          params: { type: type.label, allowed: ALLOWED_ARCHIVES },
        });
      if (error instanceof ArchiveCorruptError)
        throw new AppError('FILE_TYPE_NOT_ALLOWED', {
          messageKey: 'PUBLISH_FILE_CORRUPT',
          params: { type: type.label },
        });
      if (error instanceof ObjectTooLargeError) throw this.tooLarge();
      throw error;
    }
    const md5 = inspector.md5Hex();
    if (platform && releaseSignature) {
      try {
        verifyReleaseSignature(pending.releaseKeys ?? [], {
          sha256: stored.sha256,
          fileName: name,
          signature: releaseSignature,
        });
      } catch (error) {
        await this.store
          .remove(key)
          .catch((err) => this.log.error({ err, key }, 'refused build not removed'));
        throw error;
      }
    }
    // A build is listed for its platform: fwportal self-update asks for its own os and arch.
    const platformOf = platform ? SEA_PLATFORMS[platform] : null;
    try {
      const id = await this.db.transaction(async (transaction) => {
        const tx: Db = transaction;
        const { meta } = pending;
        const [row] = await tx
          .insert(catalogVersions)
          .values({
            itemId: pending.item.id,
            version: meta.version,
            status: 'draft',
            releaseDate: meta.releaseDate,
            fileCategory: meta.fileCategory,
            fileName: name,
            fileSize: stored.size,
            sha256: stored.sha256,
            md5,
            storageKey: key,
            contentType: type.contentType,
            os: platformOf?.os ?? meta.os,
            arch: platformOf?.arch ?? meta.arch,
            severity: meta.severity,
            cves: [...new Set(meta.cves.map((cve) => cve.toUpperCase()))],
            securityFix: meta.securityFix,
            preRelease: meta.preRelease ?? semverPreRelease(meta.version) !== null,
            rebootRequired: meta.rebootRequired,
            prerequisites: meta.prerequisites,
            installOrder: meta.installOrder,
            createdBy: userId,
            createdAt: this.clock.now(),
          })
          .returning({ id: catalogVersions.id });
        if (!row) throw new Error('version not inserted');
        if (pending.modelIds.length > 0)
          await tx
            .insert(catalogVersionModels)
            .values(pending.modelIds.map((modelId) => ({ versionId: row.id, modelId })));
        const parts = [...new Set(meta.parts.map((pn) => pn.trim().toUpperCase()))];
        if (parts.length > 0)
          await tx
            .insert(catalogVersionParts)
            .values(parts.map((partNumber) => ({ versionId: row.id, partNumber })));
        // Kept as published and served unchanged (GET /api/downloads/:id/release.sig).
        if (releaseSignature)
          await this.store.put(publishedSignatureKey(row.id), Readable.from([releaseSignature]));
        return row.id;
      });
      return await this.get(id);
    } catch (error) {
      await this.store.remove(key).catch((err) => this.log.error({ err, key }, 'orphan upload not removed'));
      if (uniqueViolation(error) === 'catalog_versions_item_version_idx')
        throw new AppError('PUBLISH_VERSION_EXISTS', { params: { version: pending.meta.version } });
      throw error;
    }
  }

  tooLarge(): AppError {
    return new AppError('FILE_TOO_LARGE', { params: { maxMb: Math.floor(this.maxBytes / 1024 / 1024) } });
  }

  async list(itemId: number): Promise<PublishVersion[]> {
    const [item] = await this.db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(eq(catalogItems.id, itemId));
    if (!item) throw new AppError('PUBLISH_NOT_FOUND');
    const rows = await this.db
      .select()
      .from(catalogVersions)
      .where(eq(catalogVersions.itemId, itemId))
      .orderBy(desc(catalogVersions.releaseDate), desc(catalogVersions.id));
    return this.describe(rows);
  }

  async get(id: number): Promise<PublishVersion> {
    const [version] = await this.describe(await this.rowsOf([id]));
    if (!version) throw new AppError('PUBLISH_NOT_FOUND');
    return version;
  }

  async detail(id: number): Promise<PublishVersionDetail> {
    const [row] = await this.rowsOf([id]);
    if (!row) throw new AppError('PUBLISH_NOT_FOUND');
    const [version] = await this.describe([row]);
    if (!version) throw new AppError('PUBLISH_NOT_FOUND');
    const notes = await this.db
      .select()
      .from(catalogReleaseNotes)
      .where(eq(catalogReleaseNotes.versionId, id))
      .orderBy(asc(catalogReleaseNotes.kind), asc(catalogReleaseNotes.sort), asc(catalogReleaseNotes.id));
    return {
      ...version,
      notes: notes.map((n) => ({
        kind: n.kind as PublishNoteLine['kind'],
        textZh: n.textZh,
        textEn: n.textEn,
      })),
      notesHtmlZh: row.notesHtmlZh,
      notesHtmlEn: row.notesHtmlEn,
    };
  }

  /**
   * Draft -> published: customers may see and download it from now on. `byAdvisory`: the
   * advisory announcer publishes a fix it held back, and its own notice tells whom it concerns.
   */
  async publish(id: number, options: { byAdvisory?: boolean } = {}): Promise<PublishVersion> {
    const published = await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      const [row] = await tx
        .update(catalogVersions)
        .set({ status: 'published', publishedAt: this.clock.now() })
        .where(and(eq(catalogVersions.id, id), eq(catalogVersions.status, 'draft')))
        .returning({ id: catalogVersions.id });
      // New-firmware and security-advisory notices are fanned out by a queued job.
      if (row)
        await enqueueFanout(this.jobs, tx, {
          event: 'published',
          versionId: id,
          ...(options.byAdvisory ? { byAdvisory: true } : {}),
        });
      if (row) await enqueueWebhookEvent(this.jobs, tx, { event: 'release.published', versionId: id });
      return row;
    });
    if (!published) throw await this.stateError(id, 'PUBLISH_NOT_DRAFT');
    return this.get(id);
  }

  /**
   * Published -> recalled: downloads stop, the row, its file and the download
   * records stay. Optionally posts a notice to everyone who downloaded it.
   */
  async recall(
    id: number,
    input: RecallInput,
  ): Promise<{ version: PublishVersion; notified: number; securityFixRemoval: boolean }> {
    const now = this.clock.now();
    // A security fix stays available ten years after release (CRA Art. 13(9)): taking one away
    // sooner needs its own justification, which the route audits (issue 43 §4).
    const [fix] = await this.db
      .select({
        securityFix: catalogVersions.securityFix,
        cves: catalogVersions.cves,
        releaseDate: catalogVersions.releaseDate,
      })
      .from(catalogVersions)
      .where(eq(catalogVersions.id, id));
    // A version an advisory names as its fix is a security fix, marked or not.
    const [named] = fix
      ? await this.db
          .select({ id: advisoryRevisions.id })
          .from(advisoryRevisions)
          .where(sql`${id} = any(${advisoryRevisions.fixedVersionIds})`)
          .limit(1)
      : [];
    const securityFixRemoval =
      fix !== undefined &&
      (fix.securityFix || fix.cves.length > 0 || named !== undefined) &&
      withinSecurityFixPeriod(String(fix.releaseDate), now);
    if (securityFixRemoval && !input.securityFixReason?.trim())
      throw new AppError('SECURITY_FIX_REMOVAL_REASON');
    const notified = await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      const [row] = await tx
        .update(catalogVersions)
        .set({ status: 'recalled', recalledAt: now, recallReason: input.reason })
        .where(and(eq(catalogVersions.id, id), eq(catalogVersions.status, 'published')))
        .returning();
      if (!row) throw await this.stateError(id, 'PUBLISH_NOT_PUBLISHED');
      // Webhooks subscribed to recalls hear of it whether or not staff chose to post notices.
      await enqueueWebhookEvent(this.jobs, tx, { event: 'version.recalled', versionId: id });
      if (!input.notifyDownloaders) return 0;
      // The notices go out from a queued job; the answer says how many users it will reach.
      const [downloaders] = await tx
        .select({ n: countDistinct(downloadRecords.userId) })
        .from(downloadRecords)
        .where(and(eq(downloadRecords.versionId, id), isNotNull(downloadRecords.userId)));
      if ((downloaders?.n ?? 0) > 0)
        await enqueueFanout(this.jobs, tx, { event: 'recall', versionId: id, reason: input.reason });
      return downloaders?.n ?? 0;
    });
    return { version: await this.get(id), notified, securityFixRemoval };
  }

  /** A draft that should never have been uploaded: row and file go. Published versions stay for history. */
  /** Marks a version (any status) as a pre-release or a release; resolution follows at once. */
  async setPreRelease(id: number, preRelease: boolean): Promise<PublishVersion> {
    const [row] = await this.db
      .update(catalogVersions)
      .set({ preRelease })
      .where(eq(catalogVersions.id, id))
      .returning({ id: catalogVersions.id });
    if (!row) throw new AppError('PUBLISH_NOT_FOUND');
    return this.get(id);
  }

  /**
   * Replaces what installing a version needs (reboot, prerequisites, install order), whatever its
   * status: these describe the update, not the file, and a correction shows in compliance at once.
   */
  async setUpdatePlan(id: number, plan: UpdatePlan): Promise<PublishVersion> {
    const [row] = await this.db
      .update(catalogVersions)
      .set({
        rebootRequired: plan.rebootRequired,
        prerequisites: plan.prerequisites,
        installOrder: plan.installOrder,
      })
      .where(eq(catalogVersions.id, id))
      .returning({ id: catalogVersions.id });
    if (!row) throw new AppError('PUBLISH_NOT_FOUND');
    return this.get(id);
  }

  async deleteDraft(id: number): Promise<void> {
    const [row] = await this.db
      .delete(catalogVersions)
      .where(and(eq(catalogVersions.id, id), eq(catalogVersions.status, 'draft')))
      .returning({ storageKey: catalogVersions.storageKey });
    if (!row) throw await this.stateError(id, 'PUBLISH_NOT_DRAFT');
    for (const key of [row.storageKey, publishedSignatureKey(id)])
      await this.store.remove(key).catch((err) => this.log.error({ err, key }, 'draft file not removed'));
  }

  /** Replaces the NEW / OPTIMIZE / HOTFIX lists and the sanitised rich-text bodies (never the file). */
  async replaceNotes(id: number, input: NotesInput): Promise<PublishVersionDetail> {
    await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      const [row] = await tx
        .update(catalogVersions)
        .set({
          notesHtmlZh: sanitiseNotesHtml(input.notesHtmlZh),
          notesHtmlEn: sanitiseNotesHtml(input.notesHtmlEn),
        })
        .where(eq(catalogVersions.id, id))
        .returning({ id: catalogVersions.id });
      if (!row) throw new AppError('PUBLISH_NOT_FOUND');
      await tx.delete(catalogReleaseNotes).where(eq(catalogReleaseNotes.versionId, id));
      if (input.notes.length > 0)
        await tx
          .insert(catalogReleaseNotes)
          .values(input.notes.map((line, sort) => ({ versionId: id, ...line, sort })));
    });
    return this.detail(id);
  }

  private async stateError(id: number, messageKey: 'PUBLISH_NOT_DRAFT' | 'PUBLISH_NOT_PUBLISHED') {
    const [row] = await this.rowsOf([id]);
    if (!row) return new AppError('PUBLISH_NOT_FOUND');
    return new AppError('PUBLISH_STATE_CONFLICT', { messageKey, params: { status: row.status } });
  }

  private rowsOf(ids: number[]) {
    return this.db.select().from(catalogVersions).where(inArray(catalogVersions.id, ids));
  }

  /** Adds model codes and part numbers (two batched queries). */
  private async describe(rows: VersionRow[]): Promise<PublishVersion[]> {
    if (rows.length === 0) return [];
    const supportOf = await versionSupport(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      itemId: row.itemId,
      version: row.version,
      status: row.status as PublishVersion['status'],
      releaseDate: row.releaseDate,
      fileCategory: row.fileCategory,
      fileName: row.fileName,
      fileSize: row.fileSize,
      sha256: row.sha256,
      md5: row.md5,
      contentType: row.contentType,
      os: row.os,
      arch: row.arch,
      severity: row.severity,
      cves: row.cves,
      securityFix: row.securityFix,
      preRelease: row.preRelease,
      rebootRequired: row.rebootRequired,
      prerequisites: row.prerequisites,
      installOrder: row.installOrder,
      models: supportOf(row.id).models.map((m) => m.code),
      parts: supportOf(row.id).parts,
      downloadCount: row.downloadCount,
      createTime: row.createdAt.toISOString(),
      publishTime: row.publishedAt?.toISOString() ?? null,
      recallTime: row.recalledAt?.toISOString() ?? null,
      recallReason: row.recallReason,
    }));
  }
}
