import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { rm } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';

/** 0 where the platform has no O_NOFOLLOW (Windows). */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** A new build written beside the running one: the rename that installs it then stays on one file system. */
export type Candidate = { file: string; sha256: string; size: number; discard: () => Promise<void> };

/** What a candidate may hold: a build is ~100 MB; more is refused with `tooLarge()` unwritten. */
export type CandidateLimit = { bytes: number; tooLarge: () => CliError };

/**
 * Writes `source` into a new file in `dir` (O_EXCL under a random name: never a file someone placed
 * there, never through a link), hashing it on the way, flushed to disk and made executable with
 * `mode`. The caller compares the hash with the signed one before anything runs it. A source that
 * goes on past `limit` (a hostile portal or proxy filling the program's folder) is cut off there.
 */
export async function writeCandidate(
  dir: string,
  source: Readable,
  mode: number,
  limit: CandidateLimit,
  /** The program's own extension (`.exe`): Windows runs a file by it, and the candidate is run once. */
  extension = '',
): Promise<Candidate> {
  const file = path.join(dir, `.fwportal-update-${randomBytes(6).toString('hex')}${extension}`);
  const handle = await open(
    file,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW,
    0o600,
  ).catch((error: NodeJS.ErrnoException) => {
    source.destroy();
    throw new CliError(EXIT.error, 'selfUpdate.notWritable', {
      path: dir,
      reason: error.code ?? error.message,
    });
  });
  const discard = () => rm(file, { force: true });
  const hash = createHash('sha256');
  let size = 0;
  try {
    // Written chunk by chunk through the handle opened above: the file stays ours to flush and close.
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit.bytes) {
        source.destroy();
        throw limit.tooLarge();
      }
      hash.update(chunk);
      await handle.write(chunk);
    }
    await handle.chmod(mode);
    await handle.sync();
  } catch (error) {
    await discard();
    throw error;
  } finally {
    await handle.close();
  }
  return { file, sha256: hash.digest('hex'), size, discard };
}
