import { createHash } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
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
    const response = await client.request(API_PATHS.download(expected.versionId), { headers });
    const resumed = response.status === 206;
    if (resumed && contentRangeStart(response) !== offset)
      throw new CliError(EXIT.error, 'error.http', { status: response.status });
    if (resumed) resumedFrom = offset;
    else if (offset > 0) {
      // The whole file came back (it changed on the portal, or the answer ignored the range).
      onBytes(-offset);
      hash = createHash('sha256');
    }
    if (!response.body) throw new CliError(EXIT.error, 'error.http', { status: response.status });
    const file = await openForWriting(part, resumed).catch(async (error: unknown) => {
      await response.body?.cancel();
      throw error;
    });
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          onBytes(chunk.length);
          yield chunk;
        }
      },
      file.createWriteStream(),
    );
  }
  const size = (await sizeOf(part)) ?? 0;
  if (hash.digest('hex') !== expected.sha256 || size !== expected.size) {
    await rm(part, { force: true });
    throw new CliError(EXIT.verification, 'download.mismatch', { file: expected.fileName });
  }
  await rename(part, target);
  return { resumedFrom };
}

function contentRangeStart(response: Response): number | null {
  const match = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '');
  return match ? Number(match[1]) : null;
}
