import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { storedFiles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store/file-store';
import { sniffImageType } from './image-type';
import { withStoredBody } from './stored-file-body';

export type StoredFile = typeof storedFiles.$inferSelect;

/** Purposes every signed-in user may read: avatars and the images of release notes. */
const SHARED_PURPOSES = new Set(['avatar', 'editor-image']);

/** Files users upload (avatars): type checked by content, stored atomically, served after an access check. */
export class FileService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Stores a new avatar and points the user at it; the previous one is removed
   * afterwards. `bytes` is already bounded by the multipart limit.
   */
  async replaceAvatar(userId: number, bytes: Buffer, truncated: boolean): Promise<StoredFile> {
    if (truncated || bytes.length > AVATAR_MAX_BYTES)
      throw new AppError('FILE_TOO_LARGE', { params: { maxMb: AVATAR_MAX_BYTES / 1024 / 1024 } });
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed: 'PNG, JPEG, WebP' } });
    const id = randomBytes(16).toString('hex');
    const storageKey = `avatars/${id}`;
    const stored = await this.store.put(storageKey, Readable.from([bytes]));
    let previous: StoredFile | undefined;
    let file: StoredFile | undefined;
    try {
      file = await this.db.transaction(async (tx) => {
        const [user] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
        if (user?.avatar)
          [previous] = await tx.select().from(storedFiles).where(eq(storedFiles.id, user.avatar));
        const [row] = await tx
          .insert(storedFiles)
          .values({
            id,
            ownerId: userId,
            purpose: 'avatar',
            storageKey,
            contentType,
            size: stored.size,
            sha256: stored.sha256,
            createdAt: this.clock.now(),
          })
          .returning();
        await tx.update(users).set({ avatar: id, updatedAt: new Date() }).where(eq(users.id, userId));
        if (previous) await tx.delete(storedFiles).where(eq(storedFiles.id, previous.id));
        return row;
      });
    } catch (error) {
      // The row was not written: the file goes too (or, the store being away, the orphan sweep takes it).
      await this.store
        .remove(storageKey)
        .catch((err: unknown) => this.log.warn({ err, key: storageKey }, 'avatar without a row not removed'));
      throw error;
    }
    if (!file) throw new Error('file row not inserted');
    if (previous)
      await this.store
        .remove(previous.storageKey)
        .catch((err) => this.log.warn({ err }, 'old avatar not removed'));
    return file;
  }

  /**
   * Avatars (lists, headers) and release-notes editor images are shown to any
   * signed-in user; any other file only to its owner. An unknown id and a
   * forbidden one answer the same.
   */
  async open(id: string, userId: number): Promise<{ file: StoredFile; body: Readable }> {
    const [file] = await this.db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
    if (!file || (!SHARED_PURPOSES.has(file.purpose) && file.ownerId !== userId))
      throw new AppError('FILE_NOT_FOUND');
    return withStoredBody(this.store, this.log, file);
  }
}
