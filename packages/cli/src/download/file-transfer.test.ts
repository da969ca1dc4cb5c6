import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.ts';
import { PortalClient } from '../portal-client.ts';
import { PART_SUFFIX, transferFile } from './file-transfer.ts';
import { stopHashThread, type ThreadHash } from './hash-thread.ts';
import { HashingWriter } from './hashing-writer.ts';

const file = randomBytes(3 * 1024 * 1024 + 17);
const expected = {
  versionId: 7,
  fileName: 'bmc.bin',
  size: file.length,
  sha256: createHash('sha256').update(file).digest('hex'),
};

/** What the portal sends for the next request: the real file (honouring Range), or an endless stream. */
let mode: 'file' | 'endless' | 'endless-chunked' = 'file';
/** Bytes the endless answer got out before the client hung up. */
let endlessSent = 0;
const ranges: (string | undefined)[] = [];
let server: http.Server;
let client: PortalClient;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    ranges.push(request.headers.range);
    if (mode !== 'file') {
      // Would send 1 GiB, saying so or not (chunked): a broken or hostile portal (or proxy) filling the disk.
      response.writeHead(200, mode === 'endless' ? { 'content-length': 1024 * 1024 * 1024 } : {});
      const chunk = Buffer.alloc(256 * 1024);
      const more = () => {
        while (endlessSent < 1024 * 1024 * 1024 && !response.destroyed) {
          endlessSent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
      };
      more();
      return;
    }
    const start = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0);
    if (start > 0) {
      response.writeHead(206, { 'content-range': `bytes ${start}-${file.length - 1}/${file.length}` });
      response.end(file.subarray(start));
    } else response.end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new PortalClient({ url: `http://127.0.0.1:${port}`, token: 't', locale: 'en-US' });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const folder = () => mkdtempSync(path.join(tmpdir(), 'file-transfer-'));

describe('transferFile', () => {
  it('keeps the .part when the hash thread dies mid-file, and a retry resumes it', async () => {
    mode = 'file';
    const dir = folder();
    let counted = 0;
    let stopped: Promise<void> | null = null;
    const failure = await transferFile(client, expected, dir, (n) => {
      counted += n;
      if (counted > 1024 * 1024) stopped ??= stopHashThread();
    }).catch((error: unknown) => error);
    await stopped;
    // A plain error, which mirror sync and download resume; not the final mismatch, which deletes the part.
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(CliError);
    const part = path.join(dir, `${expected.fileName}${PART_SUFFIX}`);
    expect(existsSync(part)).toBe(true);
    const kept = readFileSync(part);
    expect(kept.equals(file.subarray(0, kept.length))).toBe(true);
    const retried = await transferFile(client, expected, dir, () => undefined);
    expect(retried.resumedFrom).toBe(kept.length);
    expect(readFileSync(path.join(dir, expected.fileName)).equals(file)).toBe(true);
  });

  it('fetches a file whole, and resumes a .part from where it stopped', async () => {
    mode = 'file';
    const whole = folder();
    let counted = 0;
    expect(await transferFile(client, expected, whole, (n) => (counted += n))).toEqual({ resumedFrom: 0 });
    expect(readFileSync(path.join(whole, expected.fileName)).equals(file)).toBe(true);
    expect(counted).toBe(file.length);

    const resumed = folder();
    writeFileSync(path.join(resumed, `${expected.fileName}${PART_SUFFIX}`), file.subarray(0, 1_000_000));
    expect(await transferFile(client, expected, resumed, () => undefined)).toEqual({
      resumedFrom: 1_000_000,
    });
    expect(ranges.at(-1)).toBe('bytes=1000000-');
    expect(readFileSync(path.join(resumed, expected.fileName)).equals(file)).toBe(true);
  });

  it.each([
    ['says so', 'endless'],
    ['is chunked', 'endless-chunked'],
  ] as const)(
    'stops a body longer than the signed size that %s as soon as it passes it, and keeps nothing',
    async (_, endless) => {
      mode = endless;
      endlessSent = 0;
      const dir = folder();
      const error = await transferFile(client, expected, dir, () => undefined).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).key).toBe('download.mismatch');
      expect(existsSync(path.join(dir, `${expected.fileName}${PART_SUFFIX}`))).toBe(false);
      // Not a GiB written, nor read: the connection was dropped a little past the signed size.
      expect(endlessSent).toBeLessThan(64 * 1024 * 1024);
    },
  );
});

/** A writer over a file whose every write takes a moment (both buffers get busy), and what reached it. */
function slowWriter() {
  const written: Buffer[] = [];
  const file = {
    writev: async (buffers: Buffer[]) => {
      const bytes = Buffer.concat(buffers);
      await sleep(5);
      written.push(bytes);
      return { bytesWritten: bytes.length };
    },
  } as unknown as FileHandle;
  return {
    written,
    writer: new HashingWriter(file, { update: async () => undefined } as unknown as ThreadHash, 'slow.bin'),
  };
}

describe('HashingWriter', () => {
  it('gives up on a disk that does not take a MiB within its limit, naming the file, instead of waiting forever', async () => {
    // A hung network mount or a removed drive: the write never comes back.
    const hung = { writev: () => new Promise<never>(() => undefined) } as unknown as FileHandle;
    const writer = new HashingWriter(
      hung,
      { update: async () => undefined } as unknown as ThreadHash,
      'bmc.bin.part',
      50,
    );
    expect(writer.append(randomBytes(1024 * 1024))).toBeUndefined();
    const closed = writer.close();
    await expect(closed).rejects.toBeInstanceOf(CliError);
    await expect(closed).rejects.toMatchObject({
      key: 'error.diskStalled',
      params: { path: 'bmc.bin.part' },
    });
  });

  it('writes all it was given when closed while an append waits (the body failed meanwhile)', async () => {
    const { written, writer } = slowWriter();
    const data = randomBytes(2.5 * 1024 * 1024);
    // Both buffers busy: the rest waits. The connection fails now, and writeBody closes the writer.
    const waiting = writer.append(data);
    expect(waiting).toBeInstanceOf(Promise);
    await writer.close();
    expect(Buffer.concat(written).equals(data)).toBe(true);
    await waiting;
  });

  it('writes all that was read into its room when closed while that waits', async () => {
    const { written, writer } = slowWriter();
    const data = randomBytes(4 * 1024 * 1024);
    let at = 0;
    let waiting: Promise<void> | undefined;
    while (!waiting) {
      const room = writer.room();
      const count = data.copy(room, 0, at, at + 300_000);
      at += count;
      waiting = writer.append(room.subarray(0, count));
    }
    await writer.close();
    expect(Buffer.concat(written).equals(data.subarray(0, at))).toBe(true);
    await waiting;
  });

  it('hands its buffers to the next writer only when released, and reads nothing more into them after', async () => {
    const first = slowWriter();
    const data = randomBytes(1.5 * 1024 * 1024);
    await first.writer.append(data);
    await first.writer.close();
    const firstBuffers = new Set([first.writer.room().buffer]);
    // Closed but not released (as after a failed body): the next writer gets buffers of its own.
    const unreleased = slowWriter();
    expect(firstBuffers.has(unreleased.writer.room().buffer)).toBe(false);

    first.writer.release();
    // Nothing can be read into a released writer: the connection reads into its own scratch.
    expect(first.writer.room().length).toBe(0);
    const second = slowWriter();
    expect(firstBuffers.has(second.writer.room().buffer)).toBe(true);
    // The first file's bytes were written before; the second's are its own.
    const more = randomBytes(1.5 * 1024 * 1024);
    await second.writer.append(more);
    await second.writer.close();
    expect(Buffer.concat(first.written).equals(data)).toBe(true);
    expect(Buffer.concat(second.written).equals(more)).toBe(true);
  });
});
