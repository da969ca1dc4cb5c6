import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { makeOwnDir, replaceFile } from '../download/no-follow.ts';
import { EXIT } from '../exit-codes.ts';
import { type MirrorFile, onDisk, poolDirsOf, poolPathOf } from './mirror-layout.ts';

/**
 * The folder of one pool entry, made folder by folder: none of `pool`, `pool/<aa>` or
 * `pool/<aa>/<sha256>` may be a planted link (`mkdir -p` would follow it out of the mirror).
 */
export async function makePoolDir(root: string, sha256: string): Promise<string> {
  await makeOwnDir(root);
  for (const dir of poolDirsOf(sha256)) await makeOwnDir(onDisk(root, dir));
  return onDisk(root, poolDirsOf(sha256).at(-1) ?? '');
}

/** The real folders below the mirror seen in this run: each is looked at once, not once per file. */
const realFolders = new Set<string>();

/** Whether `dir` is a folder and no link (a missing one: false); remembered once true. */
export async function isRealFolder(dir: string): Promise<boolean> {
  if (realFolders.has(dir)) return true;
  const stats = await lstat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (stats?.isSymbolicLink()) throw new CliError(EXIT.error, 'error.symlink', { path: dir });
  if (!stats?.isDirectory()) return false;
  realFolders.add(dir);
  return true;
}

/**
 * Whether the pool already holds this file. A pool file gets its name only once its SHA-256 was
 * checked (it is written as `.part` or a temporary file and renamed), so its size is enough
 * here: that keeps a run with nothing new at a few system calls per file. Bit rot after the fact
 * is what `fwportal mirror verify` finds. Nothing on the way may be a link (read through one, the
 * mirror would vouch for a file outside it).
 */
export async function poolHas(
  root: string,
  file: Pick<MirrorFile, 'path' | 'size' | 'sha256'>,
): Promise<boolean> {
  for (const dir of poolDirsOf(file.sha256)) if (!(await isRealFolder(onDisk(root, dir)))) return false;
  const target = onDisk(root, file.path);
  const stats = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (stats?.isSymbolicLink()) throw new CliError(EXIT.error, 'error.symlink', { path: target });
  return stats?.isFile() === true && stats.size === file.size;
}

/** A small file (an advisory, its signature, a key) stored by its own SHA-256. */
export async function storeBytes(root: string, bytes: Buffer, fileName: string): Promise<MirrorFile> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const file: MirrorFile = { path: poolPathOf(sha256, fileName), size: bytes.length, sha256 };
  if (!(await poolHas(root, file)))
    await replaceFile(await makePoolDir(root, sha256), path.basename(file.path), bytes);
  return file;
}
