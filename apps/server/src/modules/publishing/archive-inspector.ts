import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { type ArchiveCheck, archiveCheckFor } from './archive-check';
import { type ArchiveType, HEAD_BYTES } from './archive-type';

/** The content does not start like the archive type its name claims. */
export class ArchiveMismatchError extends Error {
  constructor(readonly type: ArchiveType) {
    super(`content is not a ${type.label} archive`);
  }
}

/**
 * Passes an upload through unchanged while checking its first bytes against
 * the claimed archive type (holding back at most HEAD_BYTES until it can tell),
 * checking the whole archive as it streams (archive-check.ts: a truncated or corrupt
 * archive fails at its end, before the store commits the file) and computing its MD5
 * on the way; the file store computes size and SHA-256.
 */
export class ArchiveInspector extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;
  private readonly md5 = createHash('md5');
  private readonly whole: ArchiveCheck;

  /** `whole` checks the complete file; an fwportal build's is its release signature, checked after. */
  constructor(
    private readonly type: ArchiveType,
    whole: ArchiveCheck = archiveCheckFor(type.label),
  ) {
    super();
    this.whole = whole;
  }

  /** The MD5 of every byte that passed (read after the stream finished). */
  md5Hex(): string {
    return this.md5.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.md5.update(chunk);
    this.whole.push(chunk).then(
      () => {
        if (this.checked) return callback(null, chunk);
        this.head.push(chunk);
        this.headLength += chunk.length;
        if (this.headLength < (this.type.headBytes ?? HEAD_BYTES)) return callback();
        this.release(callback);
      },
      (error: Error) => {
        // Content of another type says so, rather than "damaged".
        const head = Buffer.concat([...this.head, chunk]);
        callback(!this.checked && !this.type.matches(head) ? new ArchiveMismatchError(this.type) : error);
      },
    );
  }

  override _flush(callback: TransformCallback): void {
    const finish: TransformCallback = (error, data) => {
      if (error) return callback(error);
      if (data) this.push(data);
      this.whole.end().then(() => callback(), callback);
    };
    if (this.checked) return finish();
    this.release(finish);
  }

  private release(callback: TransformCallback): void {
    const held = Buffer.concat(this.head);
    this.head = [];
    this.checked = true;
    if (!this.type.matches(held)) return callback(new ArchiveMismatchError(this.type));
    callback(null, held);
  }
}
