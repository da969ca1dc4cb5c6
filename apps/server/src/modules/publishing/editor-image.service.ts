import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  EDITOR_IMAGE_MAX_BYTES,
  EDITOR_IMAGE_URL_PREFIX,
  EDITOR_MAX_IMAGES_PER_UPLOAD,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store/file-store';
import { sniffImageType } from '../files/image-type';
import { withStoredBody } from '../files/stored-file-body';

/** Readable by every signed-in user (release notes are shown to customers); see FileService.open. */
export const EDITOR_IMAGE_PURPOSE = 'editor-image';

export type EditorImage = { bytes: Buffer; truncated: boolean };
type StoredFile = typeof storedFiles.$inferSelect;

function sniffEditorImage(head: Buffer): string | null {
  const known = sniffImageType(head);
  if (known) return known;
  const signature = head.subarray(0, 6).toString('latin1');
  return signature === 'GIF87a' || signature === 'GIF89a' ? 'image/gif' : null;
}

/** Images pasted into the release-notes editor: checked by content, stored through the FileStore. */
export class EditorImageService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores all images or none; answers their URLs in order. */
  async save(images: EditorImage[], userId: number): Promise<string[]> {
    if (images.length === 0) throw AppError.invalidFields([{ field: 'file', messageKey: 'FIELD_REQUIRED' }]);
    if (images.length > EDITOR_MAX_IMAGES_PER_UPLOAD) throw this.tooMany();
    const checked = images.map((image) => {
      if (image.truncated || image.bytes.length > EDITOR_IMAGE_MAX_BYTES) throw this.tooLarge();
      const contentType = sniffEditorImage(image.bytes);
      if (!contentType)
        throw new AppError('FILE_TYPE_NOT_ALLOWED', {
          messageKey: 'PUBLISH_IMAGE_TYPE',
          params: { allowed: 'PNG, JPEG, WebP, GIF' },
        });
      return { ...image, contentType, id: randomBytes(16).toString('hex') };
    });
    const written: string[] = [];
    try {
      const rows = [];
      for (const image of checked) {
        const storageKey = `editor-images/${image.id}`;
        const stored = await this.store.put(storageKey, Readable.from([image.bytes]));
        written.push(storageKey);
        rows.push({
          id: image.id,
          ownerId: userId,
          purpose: EDITOR_IMAGE_PURPOSE,
          storageKey,
          contentType: image.contentType,
          size: stored.size,
          sha256: stored.sha256,
          createdAt: this.clock.now(),
        });
      }
      await this.db.insert(storedFiles).values(rows);
    } catch (error) {
      for (const key of written)
        await this.store.remove(key).catch((err) => this.log.error({ err, key }, 'editor image not removed'));
      throw error;
    }
    return checked.map((image) => `${EDITOR_IMAGE_URL_PREFIX}${image.id}`);
  }

  /** An editor image by id, for anyone who knows it (it is in the notes they read). */
  async open(id: string): Promise<{ file: StoredFile; body: Readable }> {
    const [file] = await this.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, id), eq(storedFiles.purpose, EDITOR_IMAGE_PURPOSE)))
      .limit(1);
    if (!file) throw new AppError('FILE_NOT_FOUND');
    return withStoredBody(this.store, this.log, file);
  }

  tooLarge(): AppError {
    return new AppError('FILE_TOO_LARGE', { params: { maxMb: EDITOR_IMAGE_MAX_BYTES / 1024 / 1024 } });
  }

  tooMany(): AppError {
    return new AppError('PUBLISH_TOO_MANY_IMAGES', { params: { max: EDITOR_MAX_IMAGES_PER_UPLOAD } });
  }
}
