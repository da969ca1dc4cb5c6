import type { Writable } from 'node:stream';

const BLOCK = 512;

/** The source of an entry yielded more or fewer bytes than the size written in its header. */
export class EntrySizeError extends Error {}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0');
}

/** The largest size the 12-byte octal field holds (8 GiB - 1); larger sizes need a PAX record. */
const USTAR_MAX_SIZE = 0o77777777777;

/** One 512-byte ustar header; the checksum is computed over the header with spaces in its field. */
function header(name: string, size: number, mtime: Date, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 8, 'ascii');
  block.write(octal(0, 8), 108, 8, 'ascii');
  block.write(octal(0, 8), 116, 8, 'ascii');
  block.write(octal(size, 12), 124, 12, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  block.write('        ', 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  block.write('portal', 265, 32, 'ascii');
  block.write('portal', 297, 32, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${octal(sum, 7)}\u0000`, 148, 8, 'ascii');
  return block;
}

/** A PAX record "<len> <key>=<value>\n", where <len> counts the whole record including itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

const isPlainAscii = (name: string) => /^[\x20-\x7e]*$/.test(name);

/**
 * The PAX extended header an entry needs, or null: `path` for names over 100 bytes or outside
 * printable ASCII (PAX paths are UTF-8 by definition, ustar names have no encoding), `size`
 * for files of 8 GiB and more.
 */
function paxHeaderOf(name: string, size: number): Buffer | null {
  let records = '';
  if (Buffer.byteLength(name) > 100 || !isPlainAscii(name)) records += paxRecord('path', name);
  if (size > USTAR_MAX_SIZE) records += paxRecord('size', String(size));
  return records === '' ? null : Buffer.from(records, 'utf8');
}

/** The ustar name beside a PAX path: printable ASCII, at most 100 bytes, for readers without PAX. */
function fallbackName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').slice(-100);
}

/**
 * Writes a POSIX tar stream entry by entry without holding files in memory (the
 * bundle can be gigabytes). Waits for 'drain' so a slow destination slows the reads.
 * Long or non-ASCII names and files of 8 GiB or more get a PAX extended header (POSIX.1-2001),
 * which GNU tar, bsdtar and Python read.
 */
export class TarWriter {
  private written = 0;

  constructor(private readonly out: Writable) {}

  get bytesWritten(): number {
    return this.written;
  }

  async addBuffer(name: string, data: Buffer, mtime: Date): Promise<void> {
    await this.addStream(name, data.length, mtime, [data]);
  }

  /** Streams `size` bytes from `source`; fails when the source yields a different number of bytes. */
  async addStream(
    name: string,
    size: number,
    mtime: Date,
    source: AsyncIterable<Buffer> | Buffer[],
  ): Promise<void> {
    const pax = paxHeaderOf(name, size);
    if (pax) {
      await this.write(header('PaxHeader', pax.length, mtime, 'x'));
      await this.write(pax);
      await this.pad(pax.length);
    }
    const ustarName = pax ? fallbackName(name) : name;
    await this.write(header(ustarName, size > USTAR_MAX_SIZE ? 0 : size, mtime, '0'));
    let copied = 0;
    for await (const chunk of source) {
      copied += chunk.length;
      if (copied > size) throw new EntrySizeError(`${name}: more bytes than the declared ${size}`);
      await this.write(chunk);
    }
    if (copied !== size) throw new EntrySizeError(`${name}: ${copied} bytes instead of ${size}`);
    await this.pad(size);
  }

  /** The end-of-archive marker (two zero blocks); the caller ends the stream. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest !== 0) await this.write(Buffer.alloc(BLOCK - rest));
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('tar destination closed');
    this.written += chunk.length;
    if (this.out.write(chunk)) return;
    const out = this.out;
    await new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        out.off('drain', drained);
        out.off('close', closed);
      };
      const drained = () => {
        cleanup();
        resolve();
      };
      const closed = () => {
        cleanup();
        reject(new Error('tar destination closed'));
      };
      out.on('drain', drained);
      out.on('close', closed);
    });
  }
}
