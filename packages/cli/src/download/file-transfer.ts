import { createHash, type Hash } from 'node:crypto';
import { type FileHandle, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { API_PATHS } from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { hashFileInto, sizeOf } from './file-hash.ts';
import { openForWriting, refuseSymlink } from './no-follow.ts';
import type { ExpectedFile } from './signed-set.ts';

export const PART_SUFFIX = '.part';

/** Where a transfer started: 0 for a whole file, else the size of the `.part` it resumed. */
export type TransferResult = { resumedFrom: number };

/**
 * Fetches the file into `<name>.part`, resuming what an earlier run left (Range from its size,
 * If-Range with the ETag the signed SHA-256 predicts, so a file that changed on the portal comes
 * whole instead of spliced). The SHA-256 and size must be the signed ones, else the part is
 * deleted and the transfer fails; only a verified file gets its real name.
 */
export async function transferFile(
  client: PortalClient,
  expected: ExpectedFile,
  dir: string,
  onBytes: (count: number) => void,
): Promise<TransferResult> {
  const target = path.join(dir, expected.fileName);
  const part = `${target}${PART_SUFFIX}`;
  // A planted `.part -> elsewhere` would be read as ours and appended to.
  await refuseSymlink(part);
  let offset = (await sizeOf(part)) ?? 0;
  if (offset > expected.size) {
    await rm(part, { force: true });
    offset = 0;
  }
  let hash = createHash('sha256');
  if (offset > 0) await hashFileInto(part, hash, onBytes);
  let resumedFrom = 0;
  if (offset < expected.size) {
    const headers: Record<string, string> =
      offset > 0 ? { range: `bytes=${offset}-`, 'if-range': `"${expected.sha256}"` } : {};
    const response = await client.download(API_PATHS.download(expected.versionId), headers);
    const resumed = response.status === 206;
    if (resumed && contentRangeStart(response.header('content-range')) !== offset) {
      response.body.destroy();
      throw new CliError(EXIT.error, 'error.http', { status: response.status });
    }
    if (resumed) resumedFrom = offset;
    else if (offset > 0) {
      // The whole file came back (it changed on the portal, or the answer ignored the range).
      onBytes(-offset);
      hash = createHash('sha256');
    }
    const file = await openForWriting(part, resumed).catch((error: unknown) => {
      response.body.destroy();
      throw error;
    });
    try {
      await writeBody(response.body, file, hash, onBytes);
    } finally {
      await file.close();
    }
  }
  const size = (await sizeOf(part)) ?? 0;
  if (hash.digest('hex') !== expected.sha256 || size !== expected.size) {
    await rm(part, { force: true });
    throw new CliError(EXIT.verification, 'download.mismatch', { file: expected.fileName });
  }
  await rename(part, target);
  return { resumedFrom };
}

function contentRangeStart(header: string | null): number | null {
  const match = /^bytes (\d+)-/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

/** Bytes gathered for one write: one system call (and one trip to libuv's pool) per MiB, not per 64 KiB. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * The body hashed and appended to `file`, a MiB at a time, the next MiB read while the last is
 * written. What came before a failure (a stall, a reset) is written before it is reported, so the
 * `.part` holds every byte received, as a resumed run expects.
 */
async function writeBody(
  body: AsyncIterable<Buffer>,
  file: FileHandle,
  hash: Hash,
  onBytes: (count: number) => void,
): Promise<void> {
  let batch: Buffer[] = [];
  let batched = 0;
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    const buffers = batch;
    batch = [];
    batched = 0;
    writing = writeAll(file, buffers);
    // Awaited at the next flush; marked handled so a failure meanwhile is not reported twice.
    writing.catch(() => undefined);
  };
  try {
    for await (const chunk of body) {
      hash.update(chunk);
      onBytes(chunk.length);
      batch.push(chunk);
      batched += chunk.length;
      if (batched >= WRITE_BATCH_BYTES) await flush();
    }
  } finally {
    await flush();
    await writing;
  }
}

/** writev until every byte is written (a regular file may take fewer, e.g. near a full disk). */
async function writeAll(file: FileHandle, buffers: Buffer[]): Promise<void> {
  let left = buffers;
  let total = left.reduce((sum, buffer) => sum + buffer.length, 0);
  while (total > 0) {
    const { bytesWritten } = await file.writev(left);
    if (bytesWritten === total) return;
    left = [Buffer.concat(left).subarray(bytesWritten)];
    total -= bytesWritten;
  }
}
