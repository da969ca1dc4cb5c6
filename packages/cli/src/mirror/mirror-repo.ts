import { createHash, type KeyObject } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OfflineComplianceContext } from '@portal/contract/compliance';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { MANIFEST_FILE_NAME, SIGNATURE_SUFFIX } from '../portal-api.ts';
import { bodyWithin } from '../lib/body-within.ts';
import { fetchWithin } from '../portal-fetch.ts';
import { CONTEXT_FILE, checkIndexedContext, readContext, SIGNATURE_FILE } from './compliance-context.ts';
import {
  INDEX_FILE,
  isSnapshotName,
  MIRROR_FILE,
  type MirrorCatalog,
  type MirrorFile,
  type MirrorIndex,
  onDisk,
  poolDirsOf,
  poolEntryProblem,
  snapshotDirOf,
} from './mirror-layout.ts';
import { isRealFolder } from './mirror-pool.ts';
import { DISK_STALL_MS } from '../download/hashing-writer.ts';
import { idleLimit } from '../lib/idle-limit.ts';
import {
  MAX_SMALL_FILE_BYTES,
  parseCatalog,
  parseIndex,
  readCatalog,
  readIndex,
  READ_PLAIN_FILE,
  readSmallFile,
  SIGNATURE_MAX_BYTES,
} from './mirror-store.ts';

/*
 * Where `audit --repo` and `update --repo` read a mirror: its folder, or any static web server
 * publishing that folder (`--repo https://mirror.example/fw/`). Either way the same checks: the
 * compliance context and the manifest verify with the key pinned at login, every file's SHA-256
 * and size are the signed ones before it is used, and no path of an index leaves the mirror. Over
 * HTTP nothing is trusted for being served: a redirect may only stay below the mirror's URL.
 * From either, a file is copied to a private temporary folder and checked as it is copied, and
 * only that copy is handed on: whoever can write the mirror cannot swap a file between its check
 * and a BMC's read of it (an image server serves it for up to 30 minutes).
 */

/** Same-mirror redirects followed (a static server adding a slash, a moved folder). */
const MAX_REDIRECTS = 5;

export type MirrorRepo = {
  /** The folder or URL, as the user gave it (for messages). */
  location: string;
  catalog(): Promise<MirrorCatalog>;
  index(name: string): Promise<MirrorIndex>;
  context(index: MirrorIndex, key: KeyObject): Promise<OfflineComplianceContext>;
  /** The snapshot's signed manifest and its detached signature, as stored. */
  manifest(index: MirrorIndex): Promise<{ body: Buffer; signature: Buffer }>;
  /** A pool file on this machine whose size and SHA-256 are `file`'s (checked now). */
  file(file: MirrorFile): Promise<string>;
  /** Where a BMC may fetch the pool file itself (a mirror URL), or null (a folder). */
  urlOf(file: MirrorFile): string | null;
  close(): Promise<void>;
};

export const isMirrorUrl = (location: string) => /^https?:\/\//i.test(location);

/** The pool path of `file`, refused (exit 4, naming it) when it is not the one its hash and name give. */
function poolPath(file: MirrorFile): string {
  if (poolEntryProblem(file) !== null)
    throw new CliError(EXIT.verification, 'mirror.unsafePath', { file: String(file.path) });
  return file.path;
}

const mismatch = (file: string) => new CliError(EXIT.verification, 'mirror.fileMismatch', { file });

/** A private folder for the checked copies of one command, made on first use, removed by `close`. */
function privateFolder() {
  let made: Promise<string> | null = null;
  return {
    get: () => (made ??= mkdtemp(path.join(tmpdir(), 'fwportal-repo-'))),
    async remove() {
      if (made) await rm(await made, { recursive: true, force: true });
    },
  };
}

/**
 * `body` copied to a new file in a fresh folder below `under`, hashed as it is written and cut
 * off past the signed size; the copy's path once its size and SHA-256 are `file`'s, else
 * nothing is kept and the file is refused. A copy that moves no byte for `stallMs` (a removed
 * drive, a hung mount: the mirror often comes on removable media) fails with mirror.copyStalled
 * instead of waiting forever; the read or write the kernel holds is left to finish alone.
 */
export async function checkedCopy(
  body: Readable,
  file: MirrorFile,
  under: string,
  stallMs = DISK_STALL_MS,
): Promise<string> {
  const dir = await mkdtemp(path.join(under, 'f-'));
  const target = path.join(dir, file.path.split('/').at(-1) ?? 'file');
  const hash = createHash('sha256');
  let size = 0;
  const limit = idleLimit(
    stallMs,
    () =>
      new CliError(EXIT.error, 'mirror.copyStalled', {
        file: file.path,
        seconds: Math.round(stallMs / 1000),
      }),
  );
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      limit.touch();
      size += chunk.length;
      // Never more than the signed size on disk: a source sending forever is cut off here.
      if (size > file.size) return done(mismatch(file.path));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await Promise.race([
      pipeline(body, count, createWriteStream(target, { mode: 0o600, flags: 'wx' })),
      limit.expired,
    ]);
    if (size !== file.size || hash.digest('hex') !== file.sha256) throw mismatch(file.path);
    return target;
  } catch (error) {
    body.destroy();
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    limit.stop();
  }
}

function folderRepo(root: string): MirrorRepo {
  const copies = privateFolder();
  return {
    location: root,
    catalog: () => readCatalog(root),
    index: (name) => readIndex(root, name),
    context: (index, key) => readContext(root, index, key),
    async manifest(index) {
      const file = onDisk(root, `${snapshotDirOf(index.snapshot)}/${MANIFEST_FILE_NAME}`);
      const [body, signature] = await Promise.all([
        readSmallFile(file),
        readSmallFile(`${file}${SIGNATURE_SUFFIX}`, SIGNATURE_MAX_BYTES),
      ]);
      return { body, signature };
    },
    async file(file) {
      const relative = poolPath(file);
      // Read where the index says, never through a link: a pool folder that became one, or the
      // file itself (a link to /dev/zero would be hashed forever); only a plain file is read.
      for (const dir of poolDirsOf(file.sha256))
        if (!(await isRealFolder(onDisk(root, dir)).catch(() => false))) throw mismatch(relative);
      const handle = await open(onDisk(root, relative), READ_PLAIN_FILE).catch(() => {
        throw mismatch(relative);
      });
      try {
        const stats = await handle.stat();
        if (!stats.isFile() || stats.size !== file.size) throw mismatch(relative);
        const copy = await checkedCopy(
          handle.createReadStream({ autoClose: false }),
          file,
          await copies.get(),
        );
        await handle.close();
        return copy;
      } catch (error) {
        // A stalled copy: closing waits for the read the kernel holds, so it is left to finish alone.
        if (error instanceof CliError && error.key === 'mirror.copyStalled')
          handle.close().catch(() => undefined);
        else await handle.close().catch(() => undefined);
        throw error;
      }
    },
    urlOf: () => null,
    close: () => copies.remove(),
  };
}

/** The mirror's base URL, ending in `/` so relative paths resolve below it. */
function baseOf(location: string): URL {
  let base: URL;
  try {
    base = new URL(location);
  } catch {
    throw new CliError(EXIT.usage, 'error.badUrl', { url: location });
  }
  if (base.username || base.password || base.search || base.hash)
    throw new CliError(EXIT.usage, 'error.badUrl', { url: location });
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
  return base;
}

/** `relative` (a mirror path: segments of safe names) as a URL below `base`, each segment encoded. */
function urlBelow(base: URL, relative: string): URL {
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw new CliError(EXIT.verification, 'mirror.unsafePath', { file: relative });
  const url = new URL(segments.map(encodeURIComponent).join('/'), base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname))
    throw new CliError(EXIT.verification, 'mirror.unsafePath', { file: relative });
  return url;
}

function httpRepo(location: string, timeoutMs: number): MirrorRepo {
  const base = baseOf(location);
  const downloads = privateFolder();

  /** The answer to GET `relative`: redirects followed only below the mirror's URL, 200 only. */
  async function get(relative: string): Promise<Response> {
    let url = urlBelow(base, relative);
    for (let hops = 0; ; hops += 1) {
      const response = await fetchWithin(url, { redirect: 'manual' }, timeoutMs);
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const target = new URL(response.headers.get('location') ?? '', url);
        if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname))
          throw new CliError(EXIT.verification, 'mirror.redirectRefused', {
            file: relative,
            target: target.origin,
          });
        if (hops >= MAX_REDIRECTS)
          throw new CliError(EXIT.error, 'mirror.remoteStatus', { file: relative, status: response.status });
        url = target;
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new CliError(
          EXIT.error,
          response.status === 404 ? 'mirror.remoteMissing' : 'mirror.remoteStatus',
          {
            file: relative,
            status: response.status,
            url: base.href,
          },
        );
      }
      return response;
    }
  }

  /** A small file whole, refused past `limit` bytes (a server cannot make us hold more). */
  async function bytes(relative: string, limit = MAX_SMALL_FILE_BYTES): Promise<Buffer> {
    return bodyWithin(await get(relative), limit, () => mismatch(relative));
  }

  async function json(relative: string, onBad: () => CliError): Promise<unknown> {
    const body = await bytes(relative);
    try {
      return JSON.parse(body.toString('utf8')) as unknown;
    } catch {
      throw onBad();
    }
  }

  return {
    location,
    async catalog() {
      const notAMirror = () => new CliError(EXIT.error, 'mirror.notAMirror', { dir: location });
      return parseCatalog(await json(MIRROR_FILE, notAMirror), location);
    },
    async index(name) {
      if (!isSnapshotName(name)) throw new CliError(EXIT.error, 'mirror.notAMirror', { dir: location });
      const bad = () => new CliError(EXIT.verification, 'mirror.badIndex', { snapshot: name });
      return parseIndex(await json(`${snapshotDirOf(name)}/${INDEX_FILE}`, bad), name);
    },
    async context(index, key) {
      if (!index.complianceContext)
        throw new CliError(EXIT.error, 'mirror.noContext', { snapshot: index.snapshot });
      const dir = snapshotDirOf(index.snapshot);
      // The index's size, never past the cap: the index is not signed, its size only narrows.
      const limit = Math.min(index.complianceContext.size, MAX_SMALL_FILE_BYTES);
      const body = await bytes(`${dir}/${CONTEXT_FILE}`, limit);
      const signature = await bytes(`${dir}/${SIGNATURE_FILE}`, SIGNATURE_MAX_BYTES);
      return checkIndexedContext(index, body, signature, key);
    },
    async manifest(index) {
      const file = `${snapshotDirOf(index.snapshot)}/${MANIFEST_FILE_NAME}`;
      return {
        body: await bytes(file),
        signature: await bytes(`${file}${SIGNATURE_SUFFIX}`, SIGNATURE_MAX_BYTES),
      };
    },
    async file(file) {
      const response = await get(poolPath(file));
      return checkedCopy(Readable.fromWeb(response.body as never), file, await downloads.get());
    },
    urlOf: (file) => urlBelow(base, poolPath(file)).href,
    close: () => downloads.remove(),
  };
}

/** `--repo DIR|URL`: the mirror a folder holds, or one a static web server publishes. */
export function openRepo(location: string, timeoutMs: number): MirrorRepo {
  return isMirrorUrl(location) ? httpRepo(location, timeoutMs) : folderRepo(location);
}
