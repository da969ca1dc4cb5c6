import type { FileHandle } from 'node:fs/promises';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { idleLimit } from '../lib/idle-limit.ts';
import type { ThreadHash } from './hash-thread.ts';

/** Bytes gathered for one write: one system call (and one trip to libuv's pool) per MiB, not per read. */
export const WRITE_BATCH_BYTES = 1024 * 1024;
/** A batch with less room than this left goes to be written: a read into it would be too small to be worth it. */
const MIN_READ_ROOM = 64 * 1024;

/**
 * How long one MiB may take to be written and hashed before the disk is taken for hung (a stalled
 * network mount, a removed USB drive): the portal's silence has a limit, and so has the disk's.
 * Generous: a slow USB stick under the kernel's dirty-page throttling takes seconds, not minutes.
 */
export const DISK_STALL_MS = 120_000;

/** What a batch that outlived `stallMs` fails with. */
const diskStalled = (file: string, stallMs: number) =>
  new CliError(EXIT.error, 'error.diskStalled', { path: file, seconds: Math.round(stallMs / 1000) });

/** Whether `error` is a hung disk's (the transfer then leaves the file's close to the kernel). */
export const isDiskStalled = (error: unknown) =>
  error instanceof CliError && error.key === 'error.diskStalled';

/**
 * Batches of writers that finished cleanly, kept for the next file: a new MiB costs 256 page
 * faults to touch and is garbage after one file (a mirror of 66 files made 132 MiB of it).
 */
const freeBatches: Buffer[] = [];
/** Enough for the transfers a mirror runs at once by default (MIRROR_DEFAULT_PARALLEL, two each). */
const KEPT_BATCHES = 16;

const sharedBuffer = () => freeBatches.pop() ?? Buffer.from(new SharedArrayBuffer(WRITE_BATCH_BYTES));

/**
 * Appends to a file and feeds a hash (on the hash thread) a MiB at a time, through two shared
 * buffers, those of a writer that finished cleanly when there are (`release`): one fills while the
 * other is written and hashed, so a mirror makes no garbage here and the hash thread reads the
 * bytes where they are. The connection reads straight into the free end of the filling buffer
 * (`room`); bytes that came elsewhere are copied.
 */
export class HashingWriter {
  private filling: Buffer = sharedBuffer();
  private filled = 0;
  /** The other buffer; null while it is being written and hashed. */
  private spare: Buffer | null = sharedBuffer();
  private writing: Promise<void> = Promise.resolve();
  /** An append still waiting for a buffer: closed after it (the body may fail meanwhile). */
  private appending: Promise<void> | undefined;
  private readonly file: FileHandle;
  private readonly hash: ThreadHash;
  /** The file's name, for the message of a stalled disk. */
  private readonly name: string;
  private readonly stallMs: number;

  constructor(file: FileHandle, hash: ThreadHash, name: string, stallMs = DISK_STALL_MS) {
    this.file = file;
    this.hash = hash;
    this.name = name;
    this.stallMs = stallMs;
  }

  /**
   * Copies `data` in. A promise when both buffers are busy: `data` must stay as it is, and nothing
   * more be appended, until it settles.
   */
  append(data: Buffer): Promise<void> | undefined {
    if (this.isRoom(data)) {
      // Read into place: nothing to copy.
      this.filled += data.length;
      return this.filling.length - this.filled < MIN_READ_ROOM ? this.writeFilled() : undefined;
    }
    let at = 0;
    while (at < data.length) {
      // Overlapping is fine (copy moves), should `data` be a later part of this very buffer.
      const copied = data.copy(this.filling, this.filled, at);
      this.filled += copied;
      at += copied;
      if (this.filling.length - this.filled < MIN_READ_ROOM) {
        const wait = this.writeFilled();
        const rest = data.subarray(at);
        if (wait) return (this.appending = wait.then(() => this.append(rest)));
      }
    }
    return undefined;
  }

  /**
   * Where the next read may land: the free end of the filling buffer. What is read there and then
   * appended is taken in place. Valid until the next append.
   */
  room(): Buffer {
    return this.filling.subarray(this.filled);
  }

  private isRoom(data: Buffer): boolean {
    return data.buffer === this.filling.buffer && data.byteOffset === this.filling.byteOffset + this.filled;
  }

  /** What is left written and hashed; an earlier write's failure thrown. */
  async close(): Promise<void> {
    await this.appending;
    await this.writing;
    if (this.filled > 0) await this.consume(this.filling.subarray(0, this.filled));
    this.filled = 0;
  }

  /**
   * Gives both buffers to the next writer. Only after the body ended and `close` succeeded: a
   * write or hash that failed or stalled may still hold a buffer, and a connection still open may
   * still read into `room()`. The writer takes nothing more after this.
   */
  release(): void {
    for (const buffer of [this.spare, this.filling]) {
      if (buffer && freeBatches.length < KEPT_BATCHES) freeBatches.push(buffer);
    }
    this.filling = Buffer.alloc(0);
    this.filled = 0;
    this.spare = null;
  }

  /**
   * One batch written and hashed, or error.diskStalled once it took `stallMs`: a write the
   * kernel holds cannot be called back, but the run ends with a message instead of waiting forever.
   */
  private async consume(batch: Buffer): Promise<void> {
    const limit = idleLimit(this.stallMs, () => diskStalled(this.name, this.stallMs));
    try {
      await Promise.race([
        Promise.all([writeAll(this.file, [batch]), this.hash.update(batch)]),
        limit.expired,
      ]);
    } finally {
      limit.stop();
    }
  }

  /** The full buffer's write and hash started and the spare filled next; a promise while the spare is still busy. */
  private writeFilled(): Promise<void> | undefined {
    const spare = this.spare;
    // Nothing is read into the full buffer while it waits for the spare (see room).
    if (!spare) return (this.appending = this.writing.then(() => this.writeFilled()));
    const full = this.filling;
    const size = this.filled;
    this.filling = spare;
    this.filled = 0;
    this.spare = null;
    this.writing = this.consume(full.subarray(0, size)).then(() => {
      this.spare = full;
    });
    // Awaited by the next buffer's write or by close; marked handled so a failure meanwhile is not reported twice.
    this.writing.catch(() => undefined);
    return undefined;
  }
}

/** writev until every byte is written (a regular file may take fewer, e.g. near a full disk). */
export async function writeAll(file: FileHandle, buffers: Buffer[]): Promise<void> {
  let left = buffers;
  let total = left.reduce((sum, buffer) => sum + buffer.length, 0);
  while (total > 0) {
    const { bytesWritten } = await file.writev(left);
    if (bytesWritten === total) return;
    left = [Buffer.concat(left).subarray(bytesWritten)];
    total -= bytesWritten;
  }
}
