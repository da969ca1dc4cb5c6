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
