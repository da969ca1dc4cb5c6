import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { type ArchiveType, HEAD_BYTES } from './archive-type';

/** The content does not start like the archive type its name claims. */
export class ArchiveMismatchError extends Error {
  constructor(readonly type: ArchiveType) {
    super(`content is not a ${type.label} archive`);
  }
}

/**
 * Passes an upload through unchanged while checking its first bytes against
 * the claimed archive type (holding back at most HEAD_BYTES until it can tell)
 * and computing its MD5 on the way; the file store computes size and SHA-256.
 */
export class ArchiveInspector extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;
  private readonly md5 = createHash('md5');

  constructor(private readonly type: ArchiveType) {
    super();
  }

  /** The MD5 of every byte that passed (read after the stream finished). */
  md5Hex(): string {
    return this.md5.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.md5.update(chunk);
    if (this.checked) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < HEAD_BYTES) return callback();
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.checked) return callback();
    this.release(callback);
  }

  private release(callback: TransformCallback): void {
    const held = Buffer.concat(this.head);
    this.head = [];
    this.checked = true;
    if (!this.type.matches(held)) return callback(new ArchiveMismatchError(this.type));
    callback(null, held);
  }
}
