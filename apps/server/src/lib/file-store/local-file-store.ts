import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent, constants as fsConstants } from 'node:fs';
import {
  access,
  type FileHandle,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  statfs,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadMeter } from './upload-meter';
import {
  type ByteRange,
  type FileStore,
  type ListedObject,
  ObjectNotFoundError,
  type StoredObject,
} from './file-store';

/** Large reads keep the per-chunk overhead of big downloads low (the 64 KiB default halves throughput). */
const READ_CHUNK_BYTES = 1024 * 1024;

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** The temporary name `put` writes to: `<target>.<uuid>.part`. */
const PART_SUFFIX = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

const isGone = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** How often (bytes written) an upload looks at the disk's free space again. */
const RESERVE_CHECK_BYTES = 1024 * 1024;

/** A write refused to keep the disk's reserve free: a full disk to everyone above (507). */
export class ReserveReachedError extends Error {
  readonly code = 'ENOSPC';
  constructor(freeBytes: number, reserveBytes: number) {
    super(`free space ${freeBytes} B is below the reserve of ${reserveBytes} B kept for the database`);
  }
}

/**
 * Files under a root folder; writes go to a temporary name and are renamed into place.
 * `reserveBytes`: a write stops (ENOSPC) once the disk's free space would drop below it, so
 * uploads and task results cannot take the last of a disk that the embedded database shares
 * (PGlite, refused a new WAL segment, hangs the process: docs/OPERATIONS.md).
 */
export class LocalFileStore implements FileStore {
  constructor(
    private readonly root: string,
    private readonly options: { reserveBytes?: number } = {},
  ) {}

  /** Passes the body through, checking the free space before the first byte and every MiB. */
  private reserveGuard(folder: string): Transform {
    const reserve = this.options.reserveBytes ?? 0;
    let sinceCheck = RESERVE_CHECK_BYTES;
    const check = async (incoming: number) => {
      const { bavail, bsize } = await statfs(folder);
      const free = bavail * bsize;
      if (free - incoming < reserve) throw new ReserveReachedError(free, reserve);
    };
    return new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        sinceCheck += chunk.length;
        if (reserve <= 0 || sinceCheck < RESERVE_CHECK_BYTES) return callback(null, chunk);
        const incoming = sinceCheck;
        sinceCheck = 0;
        check(incoming).then(
          () => callback(null, chunk),
          (error: unknown) => callback(error as Error),
        );
      },
    });
  }

  async put(key: string, body: Readable, options: { maxBytes?: number } = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    const firstCreated = await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    const { stream: meter, stored } = uploadMeter(options.maxBytes);
    const file = createWriteStream(temporary, { flags: 'wx' });
    try {
      await pipeline(body, meter, this.reserveGuard(path.dirname(target)), file);
      await rename(temporary, target);
    } catch (error) {
      // The pipeline fails as soon as the body does, possibly before the file has even been
      // opened: wait until it is closed, or the removal could run first and leave it behind.
      if (!file.closed) await once(file, 'close').catch(() => undefined);
      await rm(temporary, { force: true });
      // A refused upload leaves no empty folder either: only the folders this put created.
      if (firstCreated) await this.pruneEmptyFolders(path.dirname(target), path.dirname(firstCreated));
      throw error;
    }
    return stored();
  }

  async open(key: string, range?: ByteRange, options: { chunkBytes?: () => number } = {}): Promise<Readable> {
    const { chunkBytes } = options;
    if (chunkBytes) return this.openSized(key, range, chunkBytes);
    const stream = createReadStream(this.pathOf(key), {
      ...(range ? { start: range.start, end: range.end } : {}),
      highWaterMark: READ_CHUNK_BYTES,
    });
    // Surface "not found" here rather than on the first read.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new ObjectNotFoundError(key) : error),
      );
    });
    return stream;
  }

  /** The open file itself, so a download can be handed to the kernel (sendfile); the caller closes it. */
  async openHandle(key: string): Promise<FileHandle> {
    return open(this.pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new ObjectNotFoundError(key) : error;
    });
  }

  /** Reads whose size `chunkBytes` decides each time, with one chunk read ahead at most. */
  private async openSized(key: string, range: ByteRange | undefined, chunkBytes: () => number) {
    const handle = await this.openHandle(key);
    try {
      const end = range ? range.end : (await handle.stat()).size - 1;
      return new SizedChunkStream(handle, range?.start ?? 0, end, chunkBytes);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async ping(onFailure?: (error: unknown) => void): Promise<boolean> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, fsConstants.W_OK);
      return true;
    } catch (error) {
      onFailure?.(error);
      return false;
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const target = this.pathOf(key);
    await rm(target, { force: true });
    await this.pruneEmptyFolders(path.dirname(target), this.root);
  }

  /** Files under the root whose key starts with `prefix`, `.part` files of unfinished writes included. */
  async *list(prefix: string): AsyncIterable<ListedObject> {
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    yield* this.walk(folder ? this.pathOf(folder.slice(0, -1)) : this.root, folder, prefix);
  }

  /** Depth first; a file or folder removed meanwhile (by a sweep or a put that failed) is skipped. */
  private async *walk(dir: string, keyPrefix: string, wanted: string): AsyncGenerator<ListedObject> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isGone(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(wanted) || wanted.startsWith(`${key}/`))
          yield* this.walk(path.join(dir, entry.name), `${key}/`, wanted);
        continue;
      }
      if (!entry.isFile() || !key.startsWith(wanted)) continue;
      const info = await stat(path.join(dir, entry.name)).catch((error: unknown) => {
        if (isGone(error)) return null;
        throw error;
      });
      if (info) yield { key, modifiedAt: info.mtime, partial: PART_SUFFIX.test(entry.name) };
    }
  }

  /**
   * Removes `folder` and its parents while they are empty, stopping above `stopAt` (exclusive)
   * and always below the root. A folder another write has just filled stays (ENOTEMPTY).
   */
  private async pruneEmptyFolders(folder: string, stopAt: string): Promise<void> {
    const root = path.resolve(this.root);
    for (
      let dir = path.resolve(folder);
      dir !== path.resolve(stopAt) && dir.startsWith(`${root}${path.sep}`);
    ) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  /** Keys come from the server, never from users; the check keeps a bug from escaping the root. */
  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
    return path.join(this.root, key);
  }
}

/**
 * A file's bytes `position`..`end` (inclusive). The low high-water mark keeps one chunk
 * buffered ahead of the consumer; each read asks `chunkBytes` how large it may be.
 */
class SizedChunkStream extends Readable {
  constructor(
    private readonly handle: FileHandle,
    private position: number,
    private readonly end: number,
    private readonly chunkBytes: () => number,
  ) {
    super({ highWaterMark: 1 });
  }

  override _read(): void {
    const size = Math.min(this.end - this.position + 1, this.chunkBytes());
    if (size <= 0) {
      this.push(null);
      return;
    }
    const buffer = Buffer.allocUnsafeSlow(size);
    this.handle.read(buffer, 0, size, this.position).then(
      ({ bytesRead }) => {
        if (bytesRead === 0) return this.destroy(new Error('file ended before the expected size'));
        this.position += bytesRead;
        this.push(bytesRead === size ? buffer : buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.handle.close().then(
      () => callback(error),
      () => callback(error),
    );
  }
}
