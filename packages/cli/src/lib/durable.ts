import { open } from 'node:fs/promises';
import path from 'node:path';
import { mapLimited } from './map-limited.ts';

/**
 * A directory's entries (a rename into it) on the disk. Windows cannot open a directory to flush
 * it; NTFS journals a rename itself.
 */
export async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Each file under `root`, and every folder from it up to `root` (the names that lead to it), on
 * the disk rather than in the page cache, where the kernel writes them back in its own time: after
 * a power loss, whatever names these files (a mirror's index) must not outlive them. A file or
 * folder already on the disk costs one cheap call.
 */
export async function syncFiles(root: string, files: string[], parallel = 4): Promise<void> {
  await mapLimited(files, parallel, async (file) => {
    const handle = await open(file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
  const top = path.resolve(root);
  const within = (dir: string) => dir === top || dir.startsWith(`${top}${path.sep}`);
  const folders = new Set<string>();
  for (const file of files)
    for (
      let dir = path.dirname(path.resolve(file));
      within(dir) && !folders.has(dir);
      dir = path.dirname(dir)
    )
      folders.add(dir);
  await mapLimited([...folders], parallel, syncDirectory);
}

/** Flushes `files` handed over one at a time, in the background (see `earlyFlusher`). */
export type EarlyFlusher = {
  /** A finished file: flushed after those handed over before it. */
  add(file: string): void;
  /** Resolves once every file handed over so far was flushed or failed to be. */
  drain(): Promise<void>;
  /** Nothing still queued is flushed (the run stops or needs no flush). */
  stop(): void;
};

/**
 * Starts the disk on each file as soon as it is finished, one file at a time, while the next ones
 * are still coming in. Without it a mirror's files sat in the page cache (this machine holds
 * gigabytes there before writing back) until `syncFiles` wrote them all at the end, after the
 * last byte came in: the time of the network and then the time of the disk, instead of the longer
 * of the two. Best effort: a failure here is met again, and reported, by the `syncFiles` that
 * must come before anything names these files. One at a time, so the flushes hold one of libuv's
 * four threads and the writes of the files still coming in keep the others.
 */
export function earlyFlusher(): EarlyFlusher {
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  return {
    add(file) {
      chain = chain
        .then(async () => {
          if (stopped || process.platform === 'win32') return;
          const handle = await open(file, 'r');
          try {
            await handle.sync();
          } finally {
            await handle.close();
          }
        })
        .catch(() => undefined);
    },
    drain: () => chain,
    stop() {
      stopped = true;
    },
  };
}
