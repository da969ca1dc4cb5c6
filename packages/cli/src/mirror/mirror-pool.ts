import { createHash } from 'node:crypto';
import path from 'node:path';
import { sizeOf } from '../download/file-hash.ts';
import { makeOwnDir, refuseSymlink, replaceFile } from '../download/no-follow.ts';
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

/**
 * Whether the pool already holds this file. A pool file gets its name only once its SHA-256 was
 * checked (it is written as `.part` or a temporary file and renamed), so its size is enough
 * here: that keeps a run with nothing new under a second for thousands of files. Bit rot after
 * the fact is what `fwportal mirror verify` finds.
 */
export async function poolHas(root: string, file: Pick<MirrorFile, 'path' | 'size'>): Promise<boolean> {
  const target = onDisk(root, file.path);
  await refuseSymlink(target);
  return (await sizeOf(target)) === file.size;
}

/** A small file (an advisory, its signature, a key) stored by its own SHA-256. */
export async function storeBytes(root: string, bytes: Buffer, fileName: string): Promise<MirrorFile> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const file: MirrorFile = { path: poolPathOf(sha256, fileName), size: bytes.length, sha256 };
  const dir = await makePoolDir(root, sha256);
  if (!(await poolHas(root, file))) await replaceFile(dir, path.basename(file.path), bytes);
  return file;
}
