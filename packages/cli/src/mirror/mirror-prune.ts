import { readdir, rm } from 'node:fs/promises';
import { refuseSymlink } from '../download/no-follow.ts';
import { isSha256, onDisk, POOL_DIR, poolEntryProblem, poolFilesOf, snapshotDirOf } from './mirror-layout.ts';
import { readCatalog, readIndex, writeCatalog } from './mirror-store.ts';

export type PruneResult = { removedSnapshots: string[]; kept: string[]; removedFiles: number };

const HEX_PAIR = /^[0-9a-f]{2}$/;

/** The real folders in `dir`: a link is never entered (its target lies outside the mirror). */
async function foldersIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/**
 * `fwportal mirror prune --keep N`: the newest N snapshots stay, the others go, and so does every
 * pool entry no remaining snapshot names (with any `.part` a killed run left in it). mirror.json is
 * rewritten first: a prune killed midway leaves a mirror whose listed snapshots are all whole.
 */
export async function pruneMirror(root: string, keep: number): Promise<PruneResult> {
  const catalog = await readCatalog(root);
  const cut = Math.max(0, catalog.snapshots.length - keep);
  const removed = catalog.snapshots.slice(0, cut);
  const kept = catalog.snapshots.slice(cut);
  // Read every kept index before anything is deleted: an unreadable one stops the prune.
  const referenced = new Set<string>();
  for (const snapshot of kept)
    for (const file of poolFilesOf(await readIndex(root, snapshot.name)))
      if (poolEntryProblem(file) === null) referenced.add(file.sha256);
  await writeCatalog(root, { ...catalog, snapshots: kept });
  for (const snapshot of removed) {
    const dir = onDisk(root, snapshotDirOf(snapshot.name));
    await refuseSymlink(dir);
    await rm(dir, { recursive: true, force: true });
  }
  let removedFiles = 0;
  const pool = onDisk(root, POOL_DIR);
  await refuseSymlink(pool);
  for (const pair of await foldersIn(pool)) {
    if (!HEX_PAIR.test(pair)) continue;
    for (const sha256 of await foldersIn(onDisk(root, `${POOL_DIR}/${pair}`))) {
      if (!isSha256(sha256) || sha256.slice(0, 2) !== pair || referenced.has(sha256)) continue;
      await rm(onDisk(root, `${POOL_DIR}/${pair}/${sha256}`), { recursive: true, force: true });
      removedFiles += 1;
    }
  }
  return {
    removedSnapshots: removed.map((snapshot) => snapshot.name),
    kept: kept.map((s) => s.name),
    removedFiles,
  };
}
