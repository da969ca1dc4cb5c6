import { type FileHandle, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { API_PATHS } from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { sizeOf } from './file-hash.ts';
import { type ThreadHash, threadHash } from './hash-thread.ts';
import { openForWriting, refuseSymlink } from './no-follow.ts';
import type { ExpectedFile } from './signed-set.ts';
import { HashingWriter, isDiskStalled } from './hashing-writer.ts';
import type { FileBody } from '../portal-stream.ts';

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
  const hash = threadHash();
  const mismatch = new CliError(EXIT.verification, 'download.mismatch', { file: expected.fileName });
  try {
    const resumedFrom = await fetchInto(client, expected, part, offset, hash, onBytes, mismatch);
    const size = (await sizeOf(part)) ?? 0;
    if ((await hash.digest()) !== expected.sha256 || size !== expected.size) throw mismatch;
    await rename(part, target);
    return { resumedFrom };
  } catch (error) {
    if (error === mismatch) await rm(part, { force: true });
    throw error;
  } finally {
    hash.drop();
  }
}

/** The rest of the file appended to `part` (or all of it, when the portal sends it whole); where it resumed from. */
async function fetchInto(
  client: PortalClient,
  expected: ExpectedFile,
  part: string,
  offset: number,
  hash: ThreadHash,
  onBytes: (count: number) => void,
  tooLong: CliError,
): Promise<number> {
  if (offset > 0) {
    await hash.updateFromFile(part);
    onBytes(offset);
  }
  let resumedFrom = 0;
  if (offset < expected.size) {
    const headers: Record<string, string> =
      offset > 0 ? { range: `bytes=${offset}-`, 'if-range': `"${expected.sha256}"` } : {};
    const response = await client.download(API_PATHS.download(expected.versionId), headers);
    const resumed = response.status === 206;
    if (resumed && contentRangeStart(response.header('content-range')) !== offset) {
      response.body.discard();
      throw new CliError(EXIT.error, 'error.http', { status: response.status });
    }
    if (resumed) resumedFrom = offset;
    else if (offset > 0) {
      // The whole file came back (it changed on the portal, or the answer ignored the range).
      onBytes(-offset);
      hash.restart();
    }
    // No more than the signed size is taken: a body that says it is longer (or turns out to be,
    // chunked or running to the close) is dropped there, not written until the disk is full.
    const room = expected.size - (resumed ? offset : 0);
    const length = Number(response.header('content-length') ?? Number.NaN);
    if (length > room) {
      response.body.discard();
      throw tooLong;
    }
    const file = await openForWriting(part, resumed).catch((error: unknown) => {
      response.body.discard();
      throw error;
    });
    try {
      await writeBody(response.body, file, part, hash, onBytes, room, tooLong);
    } catch (error) {
      // A hung disk: closing waits for the write the kernel holds, so it is left to finish alone.
      if (isDiskStalled(error)) {
        file.close().catch(() => undefined);
        throw error;
      }
      await file.close();
      throw error;
    }
    await file.close();
  }
  return resumedFrom;
}

function contentRangeStart(header: string | null): number | null {
  const match = /^bytes (\d+)-/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * The body appended to `file` and hashed on the hash thread, `room` bytes at most. What came before a failure (a stall, a reset) is written
 * before it is reported, so the `.part` holds every byte received, as a resumed run expects.
 */
async function writeBody(
  body: FileBody,
  file: FileHandle,
  name: string,
  hash: ThreadHash,
  onBytes: (count: number) => void,
  room: number,
  tooLong: CliError,
): Promise<void> {
  const writer = new HashingWriter(file, hash, name);
  let left = room;
  let ended = false;
  try {
    await body.pipe(
      (data) => {
        left -= data.length;
        if (left < 0) throw tooLong;
        onBytes(data.length);
        return writer.append(data);
      },
      () => writer.room(),
    );
    ended = true;
  } finally {
    await writer.close();
  }
  // Not after a failure: its connection or a stalled write may still hold the buffers.
  if (ended) writer.release();
}
