import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStore, ObjectNotFoundError, type StoredObject } from '../../lib/file-store/file-store';
import { dependencyUnavailable, diskFull } from '../../lib/pg-errors';
import type { BundleFile, TaskLogger } from './mirror-resolve';
import { TaskError } from './task-error';

export type IsoOptions = {
  signal: AbortSignal;
  log: TaskLogger;
  /** ISO 9660 volume label (d-characters). */
  label: string;
  /** The ISO writer; `xorriso` from Debian unless a test or an operator names another. */
  xorriso?: string;
  now: Date;
};

const SCRATCH_PREFIX = 'portal-livecd-';

/**
 * Scratch folders left by a process that died mid-task (a finished or failed task removes
 * its own). Run by the worker's housekeeping; a day is far longer than any task runs.
 */
export async function removeStaleScratch(maxAgeMs = 24 * 3_600_000, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await fs.readdir(os.tmpdir())) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const folder = path.join(os.tmpdir(), name);
    const stat = await fs.stat(folder).catch(() => null);
    if (!stat || now - stat.mtimeMs < maxAgeMs) continue;
    await fs.rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Copies a stored file to `target`, failing when its bytes do not match the published SHA256. */
async function stage(store: FileStore, file: BundleFile, target: string, signal: AbortSignal): Promise<void> {
  const source = await store.open(file.storageKey).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError)
      throw new TaskError('TASK_LOG_FILE_MISSING', { file: file.fileName });
    throw error;
  });
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await fs.mkdir(path.dirname(target), { recursive: true });
  await pipeline(source, hashing, createWriteStream(target), { signal });
  if (hash.digest('hex') !== file.sha256)
    throw new TaskError('TASK_LOG_CHECKSUM_MISMATCH', { file: file.fileName });
}

/**
 * Runs the ISO writer with the image on its stdout, streamed straight into the store
 * (no second copy on disk). A writer that fails part-way leaves no object behind.
 */
async function writeIsoInto(
  store: FileStore,
  key: string,
  command: string,
  args: string[],
  signal: AbortSignal,
) {
  // A process group of its own, killed whole: a writer that is a script would otherwise leave
  // its children holding stdout open, and the task (and its worker) would wait forever.
  const child = spawn(command, [...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const kill = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  signal.addEventListener('abort', kill, { once: true });
  if (signal.aborted) kill();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      child.stdout.destroy();
      reject(error.code === 'ENOENT' ? new TaskError('TASK_LOG_ISO_TOOL_MISSING') : error);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      if (signal.aborted) reject(signal.reason ?? new Error('aborted'));
      else if (code === 0) resolve();
      else reject(Object.assign(new TaskError('TASK_LOG_ISO_FAILED'), { detail: stderr }));
    });
  });
  const [put, run] = await Promise.allSettled([store.put(key, child.stdout), exited]);
  if (run.status === 'rejected') {
    if (put.status === 'fulfilled') await store.remove(key).catch(() => undefined);
    // A writer cut off because the store failed (disk full, store away) failed for that reason.
    if (put.status === 'rejected' && (diskFull(put.reason) || dependencyUnavailable(put.reason)))
      throw put.reason;
    throw run.reason;
  }
  if (put.status === 'rejected') throw put.reason;
  return put.value;
}

/**
 * PACKAGE_LIVE_CD: stages the base image and the chosen components in a scratch
 * folder (`livecd/`, `components/<kind>/`, SHA256SUMS, manifest.json), writes an
 * ISO 9660 image with Rock Ridge and Joliet names through xorriso, streamed from its
 * stdout into the store. The scratch folder is removed whatever happens.
 */
export async function writeLivecdIso(
  store: FileStore,
  key: string,
  base: BundleFile,
  components: BundleFile[],
  options: IsoOptions,
): Promise<StoredObject> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), SCRATCH_PREFIX));
  try {
    const root = path.join(scratch, 'root');
    const entries: { file: BundleFile; path: string }[] = [
      { file: base, path: `livecd/${base.fileName}` },
      ...components.map((file) => ({
        file,
        path: `components/${file.kind.toLowerCase()}/${file.fileName}`,
      })),
    ];
    for (const entry of entries) {
      await options.log('TASK_LOG_ADDING', { file: entry.path, size: entry.file.fileSize });
      await stage(store, entry.file, path.join(root, entry.path), options.signal);
    }
    const sums = entries.map((entry) => `${entry.file.sha256}  ${entry.path}`).join('\n');
    await fs.writeFile(path.join(root, 'SHA256SUMS'), `${sums}\n`);
    const manifest = {
      generatedAt: options.now.toISOString(),
      base: { item: base.itemName, version: base.version, file: `livecd/${base.fileName}` },
      components: entries.slice(1).map((entry) => ({
        kind: entry.file.kind,
        item: entry.file.itemName,
        version: entry.file.version,
        file: entry.path,
        sha256: entry.file.sha256,
      })),
    };
    await fs.writeFile(path.join(root, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await options.log('TASK_LOG_ISO_WRITING', { label: options.label });
    return await writeIsoInto(
      store,
      key,
      options.xorriso ?? 'xorriso',
      ['-as', 'mkisofs', '-quiet', '-o', '-', '-V', options.label, '-J', '-joliet-long', '-R', root],
      options.signal,
    );
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
