import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** Feeds the file's bytes into `hash` (a resumed download hashes what it already has first). */
export async function hashFileInto(
  file: string,
  hash: Hash,
  onBytes?: (count: number) => void,
): Promise<void> {
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    onBytes?.((chunk as Buffer).length);
  }
}

export async function sha256OfFile(file: string, onBytes?: (count: number) => void): Promise<string> {
  const hash = createHash('sha256');
  await hashFileInto(file, hash, onBytes);
  return hash.digest('hex');
}

/** The size of `file`, or null when there is none. */
export async function sizeOf(file: string): Promise<number | null> {
  return stat(file).then(
    (stats) => stats.size,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );
}
