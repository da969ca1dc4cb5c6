import { createHash, type KeyObject } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OfflineComplianceContext } from '@portal/contract/compliance';
import { CliError } from '../cli-error.ts';
import { sha256OfFile } from '../download/file-hash.ts';
import { EXIT } from '../exit-codes.ts';
import { MANIFEST_FILE_NAME, SIGNATURE_SUFFIX } from '../portal-api.ts';
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
  poolEntryProblem,
  snapshotDirOf,
} from './mirror-layout.ts';
import { parseCatalog, parseIndex, readCatalog, readIndex } from './mirror-store.ts';

/*
 * Where `audit --repo` and `update --repo` read a mirror: its folder, or any static web server
 * publishing that folder (`--repo https://mirror.example/fw/`). Either way the same checks: the
 * compliance context and the manifest verify with the key pinned at login, every file's SHA-256
 * and size are the signed ones before it is used, and no path of an index leaves the mirror. Over
 * HTTP nothing is trusted for being served: a redirect may only stay below the mirror's URL, and
 * a file is downloaded to a private temporary folder and checked there before anything reads it.
 */

/** A JSON file of a mirror (catalogue, index, manifest, context) is refused past this size. */
const MAX_SMALL_FILE_BYTES = 256 * 1024 * 1024;
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

function folderRepo(root: string): MirrorRepo {
  return {
    location: root,
    catalog: () => readCatalog(root),
    index: (name) => readIndex(root, name),
    context: (index, key) => readContext(root, index, key),
    async manifest(index) {
      const file = onDisk(root, `${snapshotDirOf(index.snapshot)}/${MANIFEST_FILE_NAME}`);
      const [body, signature] = await Promise.all([readFile(file), readFile(`${file}${SIGNATURE_SUFFIX}`)]);
      return { body, signature };
    },
    async file(file) {
      const target = onDisk(root, poolPath(file));
      if ((await sha256OfFile(target).catch(() => null)) !== file.sha256) throw mismatch(file.path);
      return target;
    },
    urlOf: () => null,
    close: async () => undefined,
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
  let downloads: Promise<string> | null = null;

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
    const response = await get(relative);
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of Readable.fromWeb(response.body as never) as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) throw mismatch(relative);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  async function json(relative: string, onBad: () => CliError): Promise<unknown> {
    const body = await bytes(relative);
    try {
      return JSON.parse(body.toString('utf8')) as unknown;
    } catch {
      throw onBad();
    }
  }

  const tempDir = () => (downloads ??= mkdtemp(path.join(tmpdir(), 'fwportal-repo-')));

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
      const signature = await bytes(`${dir}/${SIGNATURE_FILE}`, 1024);
      return checkIndexedContext(index, body, signature, key);
    },
    async manifest(index) {
      const file = `${snapshotDirOf(index.snapshot)}/${MANIFEST_FILE_NAME}`;
      return { body: await bytes(file), signature: await bytes(`${file}${SIGNATURE_SUFFIX}`, 1024) };
    },
    async file(file) {
      const relative = poolPath(file);
      const response = await get(relative);
      const dir = await mkdtemp(path.join(await tempDir(), 'f-'));
      const target = path.join(dir, relative.split('/').at(-1) ?? 'file');
      const hash = createHash('sha256');
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          // Never more than the signed size on disk: a server sending forever is cut off here.
          if (size > file.size) return done(mismatch(relative));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(
          Readable.fromWeb(response.body as never),
          count,
          createWriteStream(target, { mode: 0o600 }),
        );
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      if (size !== file.size || hash.digest('hex') !== file.sha256) {
        await rm(dir, { recursive: true, force: true });
        throw mismatch(relative);
      }
      return target;
    },
    urlOf: (file) => urlBelow(base, poolPath(file)).href,
    async close() {
      if (downloads) await rm(await downloads, { recursive: true, force: true });
    },
  };
}

/** `--repo DIR|URL`: the mirror a folder holds, or one a static web server publishes. */
export function openRepo(location: string, timeoutMs: number): MirrorRepo {
  return isMirrorUrl(location) ? httpRepo(location, timeoutMs) : folderRepo(location);
}
