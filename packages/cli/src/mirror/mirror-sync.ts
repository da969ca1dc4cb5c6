import { createHash, type KeyObject } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { transferFile } from '../download/file-transfer.ts';
import type { Progress } from '../download/progress.ts';
import { TRANSFER_ATTEMPTS } from '../download/version-download.ts';
import { EXIT } from '../exit-codes.ts';
import { settleLimited } from '../lib/map-limited.ts';
import { API_PATHS, MANIFEST_FILE_NAME, SIGNATURE_SUFFIX } from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { PortalTransportError } from '../portal-fetch.ts';
import { keyIdOf } from '../signing-key.ts';
import { fetchContext, readContext, sameContext, writeContext } from './compliance-context.ts';
import { mirrorAdvisories } from './mirror-csaf.ts';
import {
  INDEX_FILE,
  MIRROR_FORMAT,
  type MirrorFirmware,
  type MirrorIndex,
  onDisk,
  poolEntryProblem,
  poolFilesOf,
  poolPathOf,
  snapshotDirOf,
} from './mirror-layout.ts';
import { makePoolDir, poolHas, storeBytes } from './mirror-pool.ts';
import {
  fetchSignedCatalogue,
  type ManifestEntry,
  type MirrorFilter,
  selectEntries,
} from './mirror-selection.ts';
import { makeSnapshotDir, readCatalog, readIndex, writeCatalog, writeJsonFile } from './mirror-store.ts';
import { replaceFile } from '../download/no-follow.ts';
import { syncFiles } from '../lib/durable.ts';

export type SyncOptions = {
  root: string;
  filter: MirrorFilter;
  parallel: number;
  /** A name asked for; else one from the clock, and no snapshot at all when nothing changed. */
  snapshot?: string;
  progressOf: (bytes: number, files: number) => Progress;
  onRetry: (file: string, attempt: number) => void;
  /** A signed time as the person reads it (messages). */
  formatDate: (iso: string) => string;
};

export type SyncFailure = { versionId: number; fileName: string; error: unknown };

export type SyncResult = {
  /** The snapshot written, or the newest one when nothing changed. */
  snapshot: string | null;
  created: boolean;
  files: number;
  bytes: number;
  /** Files fetched from the portal, and the payload bytes that came over the network. */
  fetched: number;
  fetchedBytes: number;
  advisories: number;
  failed: SyncFailure[];
  notFound: string[];
};

/** `2026-12-02T05-20-31Z`: sortable, and a folder name on every file system (no colons). */
export const snapshotNameAt = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

const firmwareOf = (entry: ManifestEntry): MirrorFirmware => ({
  versionId: entry.versionId,
  itemCode: entry.itemCode,
  kind: entry.kind,
  version: entry.version,
  releaseDate: entry.releaseDate,
  fileName: entry.fileName,
  size: entry.size,
  sha256: entry.sha256,
  path: poolPathOf(entry.sha256, entry.fileName),
  ...(entry.sbom && {
    sbom: {
      fileName: entry.sbom.fileName,
      size: entry.sbom.size,
      sha256: entry.sbom.sha256,
      path: poolPathOf(entry.sbom.sha256, entry.sbom.fileName),
    },
  }),
});

/** Where the portal serves a version's SBOM (contract: sbomPathOf), under the file's own access rule. */
const sbomPathOf = (versionId: number) => `${API_PATHS.download(versionId)}/sbom`;

/** The version's SBOM into the pool (small: read whole), checked against the signed SHA-256 and size. */
async function fetchSbom(client: PortalClient, root: string, firmware: MirrorFirmware): Promise<number> {
  const { sbom } = firmware;
  if (!sbom || (await poolHas(root, sbom))) return 0;
  const bytes = await client.bytes(sbomPathOf(firmware.versionId));
  if (bytes.length !== sbom.size || createHash('sha256').update(bytes).digest('hex') !== sbom.sha256)
    throw new CliError(EXIT.verification, 'download.mismatch', { file: sbom.fileName });
  await storeBytes(root, bytes, sbom.fileName);
  return bytes.length;
}

/**
 * The portal fell silent past --portal-timeout (accepted, never answered, or stopped mid-body):
 * asking again, or asking for the files still queued, would wait as long once more each, so the
 * run stops at the first silence (what is fetched stays; the next run resumes).
 */
type Silence = { error: PortalTransportError | null };
const silenceOf = (error: unknown) =>
  error instanceof PortalTransportError && error.reason === 'timeout' ? error : null;

/**
 * The pool file of one version (already there, or fetched, resumed from a `.part`, and checked),
 * then its SBOM. The firmware first: an SBOM is a small answer that costs the portal as much as a
 * file's first bytes, and asked first, the SBOMs of the first files kept every transfer slot
 * idle for 0.15-0.2 s at the start of a run on a portal not yet warm (bench/README.md, "Mirror").
 */
async function fetchFirmware(run: PoolFill, firmware: MirrorFirmware): Promise<number> {
  if (run.silence.error) throw run.silence.error;
  const firmwareBytes = await fetchFirmwareFile(run, firmware);
  return firmwareBytes + (await fetchSbom(run.client, run.root, firmware));
}

/** What every transfer of one run shares. */
type PoolFill = {
  client: PortalClient;
  root: string;
  progress: Progress;
  onRetry: SyncOptions['onRetry'];
  silence: Silence;
};

async function fetchFirmwareFile(
  { client, root, progress, onRetry, silence }: PoolFill,
  firmware: MirrorFirmware,
): Promise<number> {
  if (await poolHas(root, firmware)) {
    progress.fileDone();
    return 0;
  }
  const dir = await makePoolDir(root, firmware.sha256);
  for (let attempt = 1; ; attempt += 1) {
    let counted = 0;
    try {
      const { resumedFrom } = await transferFile(client, firmware, dir, (count) => {
        counted += count;
        progress.add(count);
      });
      progress.fileDone();
      return firmware.size - resumedFrom;
    } catch (error) {
      silence.error ??= silenceOf(error);
      if (silence.error) throw error;
      // As `fwportal download`: refusals and mismatches are final, a broken connection resumes.
      const resumable =
        !(error instanceof CliError) || (error instanceof PortalTransportError && error.transient);
      if (!resumable || attempt >= TRANSFER_ATTEMPTS) throw error;
      progress.add(-counted);
      onRetry(firmware.fileName, attempt);
    }
  }
}

const sameContent = (
  a: MirrorIndex,
  b: Pick<MirrorIndex, 'firmware' | 'advisories' | 'openPgpKey' | 'openPgpKeySignature'>,
) =>
  JSON.stringify(poolFilesOf(a).map((file) => file.path)) ===
  JSON.stringify(poolFilesOf(b as MirrorIndex).map((file) => file.path));

/**
 * `fwportal mirror sync`: the signed manifest (checked against the pinned key), the selection, every
 * file into the pool, the advisories; then, only when all of it is in place, the snapshot's index
 * and last mirror.json. A run killed at any point leaves verified files, `.part` files the next run
 * resumes, and the previous snapshot as it was.
 */
export async function syncMirror(
  client: PortalClient,
  key: KeyObject,
  options: SyncOptions,
): Promise<SyncResult> {
  const { root } = options;
  const catalog = await readCatalog(root);
  const newest = catalog.snapshots.at(-1);
  const previous = newest ? await readIndex(root, newest.name) : null;
  const signed = await fetchSignedCatalogue(client, key);
  const selection = await selectEntries(client, signed.parsed, options.filter);
  const firmware = selection.entries.map(firmwareOf);

  const total = firmware.reduce((sum, file) => sum + file.size, 0);
  const earlier = (previous?.advisories ?? []).filter(
    (advisory) =>
      poolEntryProblem(advisory.document) === null && poolEntryProblem(advisory.signature) === null,
  );
  // The advisories and the compliance context are small: fetched while the pool is filled (or,
  // with nothing new, looked over), not after it. Each is awaited below; a failure meanwhile is
  // held for then, never left unhandled.
  const csafPromise = mirrorAdvisories(client, root, earlier, key);
  const contextPromise = fetchContext(client, key);
  csafPromise.catch(() => undefined);
  contextPromise.catch(() => undefined);
  const progress = options.progressOf(total, firmware.length);
  const silence: Silence = { error: null };
  const run: PoolFill = { client, root, progress, onRetry: options.onRetry, silence };
  const outcomes = await settleLimited(firmware, options.parallel, (file) =>
    fetchFirmware(run, file).catch((error: unknown) => {
      silence.error ??= silenceOf(error);
      throw error;
    }),
  );
  progress.finish();
  if (silence.error) throw silence.error;
  const failed: SyncFailure[] = [];
  let fetched = 0;
  let fetchedBytes = 0;
  outcomes.forEach((outcome, index) => {
    const file = firmware[index];
    if (!file) return;
    if (outcome.status === 'rejected')
      failed.push({ versionId: file.versionId, fileName: file.fileName, error: outcome.reason });
    else if (outcome.value > 0) {
      fetched += 1;
      fetchedBytes += outcome.value;
    }
  });
  const csaf = await csafPromise;
  fetchedBytes += csaf.fetchedBytes;
  const context = await contextPromise;
  const previousContext = previous?.complianceContext
    ? await readContext(root, previous, key).catch(() => null)
    : null;
  // A portal never signs an older context than it did: an older one is an old answer replayed (a
  // proxy on plain HTTP), which would roll the mirror's judgement back.
  if (
    previous &&
    previousContext &&
    context &&
    Date.parse(context.parsed.generatedAt) < Date.parse(previousContext.generatedAt)
  )
    throw new CliError(EXIT.verification, 'mirror.olderSync', {
      signedAt: options.formatDate(context.parsed.generatedAt),
      newest: options.formatDate(previousContext.generatedAt),
      snapshot: previous.snapshot,
    });

  const result: SyncResult = {
    snapshot: newest?.name ?? null,
    created: false,
    files: firmware.length,
    bytes: total,
    fetched,
    fetchedBytes,
    advisories: csaf.advisories.length,
    failed,
    notFound: selection.notFound,
  };
  // No snapshot of a partial mirror: what is there is kept for the next run to complete.
  if (failed.length > 0) return result;
  const content = {
    firmware,
    advisories: csaf.advisories,
    openPgpKey: csaf.openPgpKey,
    openPgpKeySignature: csaf.openPgpKeySignature,
  };
  if (
    !options.snapshot &&
    previous &&
    sameContent(previous, content) &&
    sameContext(previousContext, context?.parsed ?? null)
  )
    return result;

  const name = options.snapshot ?? (await freeName(root, snapshotNameAt(new Date())));
  if (catalog.snapshots.some((snapshot) => snapshot.name === name))
    throw new CliError(EXIT.usage, 'mirror.snapshotExists', { snapshot: name });
  const dir = await makeSnapshotDir(root, name);
  await replaceFile(dir, MANIFEST_FILE_NAME, signed.manifest);
  await replaceFile(dir, `${MANIFEST_FILE_NAME}${SIGNATURE_SUFFIX}`, signed.signature);
  const index: MirrorIndex = {
    format: MIRROR_FORMAT,
    snapshot: name,
    createdAt: new Date().toISOString(),
    origin: signed.parsed.origin,
    keyId: keyIdOf(key),
    selection: {
      models: options.filter.models,
      kinds: options.filter.kinds,
      serverCount: selection.serverCount,
    },
    manifest: {
      path: `${snapshotDirOf(name)}/${MANIFEST_FILE_NAME}`,
      size: signed.manifest.length,
      sha256: createHash('sha256').update(signed.manifest).digest('hex'),
    },
    ...content,
    complianceContext: context ? await writeContext(dir, name, context) : null,
  };
  const files = poolFilesOf(index);
  // Every pool file the index names is on the disk before the index is (replaceFile syncs what it
  // writes): after a power loss, a snapshot never names a file the disk did not keep.
  await syncFiles(root, [
    ...files.map((file) => onDisk(root, file.path)),
    // The snapshot's own files, synced as written: here for the names of its folder.
    path.join(dir, MANIFEST_FILE_NAME),
  ]);
  await writeJsonFile(dir, INDEX_FILE, index);
  catalog.snapshots.push({
    name,
    createdAt: index.createdAt,
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
  });
  await writeCatalog(root, catalog);
  return { ...result, snapshot: name, created: true };
}

/** The clock's name, or with `-2`, `-3`… when a run in the same second took it (left by a killed run too). */
async function freeName(root: string, base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? base : `${base}-${n}`;
    const taken = await access(onDisk(root, snapshotDirOf(name))).then(
      () => true,
      () => false,
    );
    if (!taken) return name;
  }
}
