import { createGunzip, crc32 } from 'node:zlib';

/** The upload is not a whole, well-formed archive of its type (truncated, corrupt, garbage). */
export class ArchiveCorruptError extends Error {}

/**
 * Checks a whole archive as its bytes stream past, without holding it: `push` every chunk in
 * order, then `end`, which throws ArchiveCorruptError when the archive is not complete and
 * well formed. What each type checks is written on its class.
 */
export interface ArchiveCheck {
  push(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

const BLOCK = 512;
const ZERO_BLOCK = Buffer.alloc(BLOCK);

/** Parses a tar numeric field: octal text, or GNU base-256 (high bit of the first byte set). */
function tarNumber(field: Buffer): number | null {
  if (field[0]! & 0x80) {
    let value = field[0]! & 0x7f;
    for (const byte of field.subarray(1)) value = value * 256 + byte;
    return value;
  }
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  return /^[0-7]*$/.test(text) ? (text === '' ? 0 : parseInt(text, 8)) : null;
}

function tarChecksumMatches(header: Buffer): boolean {
  const stored = tarNumber(header.subarray(148, 156));
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i += 1) {
    const byte = i >= 148 && i < 156 ? 0x20 : header[i]!;
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stored === unsigned || stored === signed;
}

// Hard links, symlinks, devices, directories and FIFOs carry no data whatever their size says.
const TYPES_WITHOUT_DATA = new Set(['1', '2', '3', '4', '5', '6']);

/**
 * tar: every header's checksum, every entry's data present in full, the end-of-archive zero
 * block(s) present, nothing but zeros after them.
 */
export class TarCheck implements ArchiveCheck {
  private pending: Buffer = Buffer.alloc(0);
  private dataLeft = 0;
  private entries = 0;
  private ended = false;

  async push(chunk: Buffer): Promise<void> {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let offset = 0;
    while (true) {
      if (this.dataLeft > 0) {
        const skip = Math.min(this.dataLeft, this.pending.length - offset);
        this.dataLeft -= skip;
        offset += skip;
        if (this.dataLeft > 0) break;
      }
      if (this.pending.length - offset < BLOCK) break;
      this.block(this.pending.subarray(offset, offset + BLOCK));
      offset += BLOCK;
    }
    this.pending = this.pending.subarray(offset);
  }

  private block(block: Buffer): void {
    if (this.ended) {
      if (!block.equals(ZERO_BLOCK)) throw new ArchiveCorruptError('data after the end of the archive');
      return;
    }
    if (block.equals(ZERO_BLOCK)) {
      this.ended = true;
      return;
    }
    if (!tarChecksumMatches(block)) throw new ArchiveCorruptError(`header ${this.entries + 1}: bad checksum`);
    const size = tarNumber(block.subarray(124, 136));
    if (size === null) throw new ArchiveCorruptError(`header ${this.entries + 1}: bad size`);
    const type = String.fromCharCode(block[156]!);
    const dataSize = TYPES_WITHOUT_DATA.has(type) ? 0 : size;
    this.dataLeft = Math.ceil(dataSize / BLOCK) * BLOCK;
    this.entries += 1;
  }

  async end(): Promise<void> {
    if (this.dataLeft > 0 || this.pending.length > 0) throw new ArchiveCorruptError('truncated');
    if (!this.ended) throw new ArchiveCorruptError('no end-of-archive marker');
  }
}

/** tar.gz: the gzip stream whole (zlib checks every member's CRC-32 and length), and the tar in it. */
export class TarGzCheck implements ArchiveCheck {
  private readonly gunzip = createGunzip();
  private readonly tar = new TarCheck();
  private failure: Error | null = null;
  private settle!: () => void;
  /** Settles when the gzip stream ended or failed (a failed write never calls back). */
  private readonly done = new Promise<void>((resolve) => (this.settle = resolve));

  constructor() {
    this.gunzip.on('data', (chunk: Buffer) => {
      this.tar.push(chunk).catch((error: Error) => this.fail(error));
    });
    this.gunzip.on('end', () => this.settle());
    this.gunzip.on('error', (error) => this.fail(new ArchiveCorruptError(`gzip: ${error.message}`)));
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.gunzip.destroy();
    this.settle();
  }

  async push(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    // Waiting for the write keeps memory bounded: inflated data is checked as it comes out.
    await Promise.race([
      new Promise<void>((resolve) => this.gunzip.write(chunk, () => resolve())),
      this.done,
    ]);
    if (this.failure) throw this.failure;
  }

  async end(): Promise<void> {
    if (!this.failure) this.gunzip.end();
    await this.done;
    if (this.failure) throw this.failure;
    await this.tar.end();
  }
}

/** The last `limit` bytes that went past (a bounded window over the stream's tail). */
class Tail {
  private chunks: Buffer[] = [];
  private length = 0;
  total = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
    this.total += chunk.length;
    while (this.chunks.length > 1 && this.length - this.chunks[0]!.length >= this.limit) {
      this.length -= this.chunks.shift()!.length;
    }
  }

  bytes(): Buffer {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit));
  }
}

/** The central directory is read from the tail; larger directories are refused. */
const ZIP_MAX_CENTRAL_DIRECTORY = 32 * 1024 * 1024;
const ZIP_EOCD = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP64_LOCATOR = 0x07064b50;

/**
 * zip: the end-of-central-directory record at the very end (a truncated zip loses it), the
 * central directory right before it with as many entries as it announces, each pointing to a
 * local header inside the archive. Entry data is not inflated: a flipped bit inside a member
 * passes, a cut or spliced archive does not.
 */
export class ZipCheck implements ArchiveCheck {
  private readonly tail = new Tail(ZIP_MAX_CENTRAL_DIRECTORY + 65_557);

  async push(chunk: Buffer): Promise<void> {
    this.tail.push(chunk);
  }

  async end(): Promise<void> {
    const tail = this.tail.bytes();
    const tailStart = this.tail.total - tail.length;
    // The record is 22 bytes plus a comment of up to 65,535; search backwards for it.
    let eocd = -1;
    for (let i = tail.length - 22; i >= Math.max(0, tail.length - 65_557); i -= 1) {
      if (tail.readUInt32LE(i) === ZIP_EOCD && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ArchiveCorruptError('zip: no end-of-central-directory record at the end');
    if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) return; // zip64: sizes live elsewhere
    const entries = tail.readUInt16LE(eocd + 10);
    const size = tail.readUInt32LE(eocd + 12);
    const offset = tail.readUInt32LE(eocd + 16);
    const eocdAt = tailStart + eocd;
    if (offset + size !== eocdAt) throw new ArchiveCorruptError('zip: central directory not where it says');
    if (offset < tailStart) throw new ArchiveCorruptError('zip: central directory too large to check');
    let at = offset - tailStart;
    for (let n = 0; n < entries; n += 1) {
      if (at + 46 > eocd || tail.readUInt32LE(at) !== ZIP_CENTRAL)
        throw new ArchiveCorruptError(`zip: central directory entry ${n + 1} missing`);
      if (tail.readUInt32LE(at + 42) >= offset)
        throw new ArchiveCorruptError(`zip: entry ${n + 1} points past the data`);
      at += 46 + tail.readUInt16LE(at + 28) + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
    }
    if (at !== eocd) throw new ArchiveCorruptError('zip: central directory size does not match its entries');
  }
}

const RAR4_END = Buffer.from([0xc4, 0x3d, 0x7b, 0x00, 0x40, 0x07, 0x00]);

/**
 * rar: the archive ends with its end-of-archive block (RAR 5: a 3-byte header of type 5 whose
 * CRC-32 matches; RAR 4: the fixed 7-byte block), which a truncated archive has lost.
 */
export class RarCheck implements ArchiveCheck {
  private readonly tail = new Tail(16);

  async push(chunk: Buffer): Promise<void> {
    this.tail.push(chunk);
  }

  async end(): Promise<void> {
    const tail = this.tail.bytes();
    if (tail.length >= RAR4_END.length && tail.subarray(-RAR4_END.length).equals(RAR4_END)) return;
    const block = tail.subarray(-8);
    const rar5End =
      block.length === 8 &&
      block[4] === 3 &&
      block[5] === 5 &&
      crc32(block.subarray(4)) === block.readUInt32LE(0);
    if (!rar5End) throw new ArchiveCorruptError('rar: no end-of-archive block at the end');
  }
}

export function archiveCheckFor(label: string): ArchiveCheck {
  switch (label) {
    case 'tar.gz':
      return new TarGzCheck();
    case 'tar':
      return new TarCheck();
    case 'zip':
      return new ZipCheck();
    case 'rar':
      return new RarCheck();
    default:
      throw new Error(`no archive check for ${label}`);
  }
}
