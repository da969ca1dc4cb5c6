import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory } from '../lib/durable.ts';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';

/*
 * Another local user who can write the --out folder could plant `out/123/SHA256SUMS ->
 * ~/.ssh/authorized_keys` and have the download overwrite (or append to) the target. So nothing
 * below --out is followed: paths are lstat'ed before use, files opened with O_NOFOLLOW, and the
 * signed files written to a fresh temporary file and renamed over (a rename replaces a link, it
 * never writes through one).
 */

/** 0 where the platform has no O_NOFOLLOW (Windows): the lstat checks still stand there. */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

const symlinkError = (file: string) => new CliError(EXIT.error, 'error.symlink', { path: file });

async function lstatOrNull(file: string): Promise<Stats | null> {
  return lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

/** Fails when `file` is a symbolic link; a missing file is fine. */
export async function refuseSymlink(file: string): Promise<void> {
  if ((await lstatOrNull(file))?.isSymbolicLink()) throw symlinkError(file);
}

/** Creates `dir` (and what leads to it); `mkdir -p` would silently accept a planted symlink, this does not. */
export async function makeOwnDir(dir: string): Promise<void> {
  await refuseSymlink(dir);
  await mkdir(dir, { recursive: true });
  await refuseSymlink(dir);
}

/**
 * `file` opened for writing, appended to or emptied, never through a symlink (ELOOP). A file with
 * other hard links is refused before it is touched: emptying it would empty them all.
 */
export async function openForWriting(file: string, append: boolean): Promise<FileHandle> {
  const flags = constants.O_WRONLY | constants.O_CREAT | O_NOFOLLOW | (append ? constants.O_APPEND : 0);
  const handle = await open(file, flags, 0o666).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP' ? symlinkError(file) : error;
  });
  try {
    if ((await handle.stat()).nlink > 1) throw new CliError(EXIT.error, 'error.hardLink', { path: file });
    if (!append) await handle.truncate(0);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Writes `dir/name` whole: into a new temporary file next to it, then renamed over the old one. */
export async function replaceFile(dir: string, name: string, body: Buffer): Promise<void> {
  const target = path.join(dir, name);
  await refuseSymlink(target);
  const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  // O_EXCL: a file of our own, never one that someone placed under this name.
  const handle = await open(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW,
    0o666,
  );
  try {
    await handle.writeFile(body);
    // On the disk before the rename: a power loss never leaves the new name on an empty file.
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, target).catch(async (error: unknown) => {
    await rm(temp, { force: true });
    throw error;
  });
  await syncDirectory(dir);
}
