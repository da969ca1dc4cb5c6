import { randomBytes } from 'node:crypto';
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { isSha256, onDisk, POOL_DIR, poolEntryProblem, poolFilesOf, snapshotDirOf } from './mirror-layout.ts';
import { readCatalog, readIndex, writeCatalog } from './mirror-store.ts';

export type PruneResult = { removedSnapshots: string[]; kept: string[]; removedFiles: number };

const HEX_PAIR = /^[0-9a-f]{2}$/;
/** Where `removeFolderWithin` moves a folder before deleting it: a new name inside the mirror. */
const trashName = () => `.prune-${randomBytes(6).toString('hex')}`;
/** Such a folder not deleted yet when its prune was killed. */
const PRUNE_LEFTOVER = /^\.prune-[0-9a-f]{12}$/;

/** The real folders in `dir`: a link is never entered (its target lies outside the mirror). */
async function foldersIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

const symlinkError = (file: string) => new CliError(EXIT.error, 'error.symlink', { path: file });

/**
 * Deletes the folder `relative` of the mirror, never one a link leads to. Whoever can write a
 * shared mirror could make `snapshots` (or `pool`, or a folder in it) a link to someone else's
 * folder, and have `prune` delete what lies there under the snapshot's name. So every folder on
 * the way must be a real one, and the folder is first moved to a new name inside the mirror and
 * deleted only if it is still the very folder looked at (same inode): one swapped for a link in
 * the meantime is put back, and the prune stops.
 */
async function removeFolderWithin(root: string, relative: string): Promise<void> {
  const parts = relative.split('/');
  let dir = root;
  for (const part of parts) {
    dir = path.join(dir, part);
    const stats = await lstat(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!stats) return;
    if (!stats.isDirectory()) throw symlinkError(dir);
  }
  const before = await lstat(dir);
  const trash = path.join(root, trashName());
  await rename(dir, trash);
  const moved = await lstat(trash);
  if (moved.ino !== before.ino || moved.dev !== before.dev) {
    await rename(trash, dir).catch(() => undefined);
    throw symlinkError(dir);
  }
  await rm(trash, { recursive: true, force: true });
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
  for (const snapshot of removed) await removeFolderWithin(root, snapshotDirOf(snapshot.name));
  // What a prune killed between a move and its delete left: real folders only (a link of that
  // name is left alone, as is anything else in the mirror's root).
  for (const name of await foldersIn(root))
    if (PRUNE_LEFTOVER.test(name)) await removeFolderWithin(root, name);
  let removedFiles = 0;
  const pool = onDisk(root, POOL_DIR);
  if ((await lstat(pool).catch(() => null))?.isSymbolicLink()) throw symlinkError(pool);
  for (const pair of await foldersIn(pool)) {
    if (!HEX_PAIR.test(pair)) continue;
    for (const sha256 of await foldersIn(onDisk(root, `${POOL_DIR}/${pair}`))) {
      if (!isSha256(sha256) || sha256.slice(0, 2) !== pair || referenced.has(sha256)) continue;
      await removeFolderWithin(root, `${POOL_DIR}/${pair}/${sha256}`);
      removedFiles += 1;
    }
  }
  return {
    removedSnapshots: removed.map((snapshot) => snapshot.name),
    kept: kept.map((s) => s.name),
    removedFiles,
  };
}
