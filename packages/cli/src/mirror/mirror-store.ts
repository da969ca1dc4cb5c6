import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { CliError } from '../cli-error.ts';
import { formatBytes } from '../table.ts';
import { makeOwnDir, refuseSymlink, replaceFile } from '../download/no-follow.ts';
import { EXIT } from '../exit-codes.ts';
import {
  INDEX_FILE,
  isSnapshotName,
  MIRROR_FILE,
  MIRROR_FORMAT,
  type MirrorCatalog,
  type MirrorIndex,
  onDisk,
  SNAPSHOTS_DIR,
  snapshotDirOf,
} from './mirror-layout.ts';

const notAMirror = (dir: string) => new CliError(EXIT.error, 'mirror.notAMirror', { dir });

/**
 * The most a mirror's catalogue, index, manifest or compliance context may hold (a catalogue of
 * 10,000 versions is a few MB): a hostile one of tiny JSON objects would take gigabytes of memory.
 */
export const MAX_SMALL_FILE_BYTES = 64 * 1024 * 1024;
/** A detached signature (Ed25519, 64 bytes; base64 or raw). */
export const SIGNATURE_MAX_BYTES = 1024;

/** 0 where the platform has no O_NOFOLLOW (Windows): the lstat checks still stand there. */
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** Opening a FIFO waits for a writer; with this it returns, and the file is refused as no plain one. */
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** Flags to open a mirror's file for reading: never through a link, never waiting on a FIFO. */
export const READ_PLAIN_FILE = constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK;

/**
 * A small file of a mirror folder read whole: never through a link (O_NOFOLLOW), only a plain
 * file (a FIFO or a link to /dev/zero would never end), at most `limit` bytes; else refused
 * (exit 4) unread. A missing file rejects as ENOENT, as readFile does.
 */
export async function readSmallFile(file: string, limit = MAX_SMALL_FILE_BYTES): Promise<Buffer> {
  const refused = () =>
    new CliError(EXIT.verification, 'mirror.unreadableFile', { file, size: formatBytes(limit) });
  const handle = await open(file, READ_PLAIN_FILE).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP' ? refused() : error;
  });
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > limit) throw refused();
    // No more than the size seen: a file that grows meanwhile is not read past the cap.
    const buffer = Buffer.alloc(stats.size);
    const { bytesRead } = await handle.read(buffer, 0, stats.size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readJson(file: string): Promise<unknown> {
  await refuseSymlink(file);
  return JSON.parse((await readSmallFile(file)).toString('utf8')) as unknown;
}

/** mirror.json, or an empty catalogue when the folder holds no mirror yet. */
export async function readCatalog(root: string): Promise<MirrorCatalog> {
  let value: unknown;
  try {
    value = await readJson(onDisk(root, MIRROR_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { format: MIRROR_FORMAT, snapshots: [] };
    if (error instanceof CliError) throw error;
    throw notAMirror(root);
  }
  return parseCatalog(value, root);
}

/** mirror.json's content, checked (a mirror folder's or a mirror URL's: `where` names it). */
export function parseCatalog(value: unknown, where: string): MirrorCatalog {
  const catalog = value as Partial<MirrorCatalog> | null;
  if (
    catalog?.format !== MIRROR_FORMAT ||
    !Array.isArray(catalog.snapshots) ||
    !catalog.snapshots.every((snapshot) => isSnapshotName(snapshot?.name))
  )
    throw notAMirror(where);
  return catalog as MirrorCatalog;
}

/** Written last, whole (temporary file and rename): a run killed before it leaves the old one. */
export async function writeCatalog(root: string, catalog: MirrorCatalog): Promise<void> {
  await replaceFile(root, MIRROR_FILE, Buffer.from(`${JSON.stringify(catalog, null, 2)}\n`));
}

/** A snapshot's index; its name must be the one asked for (a copied index cannot pass for another). */
export async function readIndex(root: string, name: string): Promise<MirrorIndex> {
  if (!isSnapshotName(name)) throw notAMirror(root);
  const value = await readJson(onDisk(root, `${snapshotDirOf(name)}/${INDEX_FILE}`)).catch(
    (error: unknown) => {
      if (error instanceof CliError) throw error;
      throw new CliError(EXIT.verification, 'mirror.badIndex', { snapshot: name });
    },
  );
  return parseIndex(value, name);
}

/** A snapshot's index.json content, checked: its name must be the one asked for. */
export function parseIndex(content: unknown, name: string): MirrorIndex {
  const value = content as Partial<MirrorIndex> | null;
  if (
    value?.format !== MIRROR_FORMAT ||
    value.snapshot !== name ||
    !Array.isArray(value.firmware) ||
    !Array.isArray(value.advisories) ||
    typeof value.manifest !== 'object' ||
    value.manifest === null
  )
    throw new CliError(EXIT.verification, 'mirror.badIndex', { snapshot: name });
  return value as MirrorIndex;
}

/** The snapshot's folder, made without following a planted link. */
export async function makeSnapshotDir(root: string, name: string): Promise<string> {
  await makeOwnDir(onDisk(root, SNAPSHOTS_DIR));
  const dir = onDisk(root, snapshotDirOf(name));
  await makeOwnDir(dir);
  return dir;
}

export const writeJsonFile = (dir: string, name: string, value: unknown) =>
  replaceFile(dir, name, Buffer.from(`${JSON.stringify(value, null, 2)}\n`));
