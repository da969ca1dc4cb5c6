import { createHash, type KeyObject } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { CliError } from '../cli-error.ts';
import { sha256OfFile } from '../download/file-hash.ts';
import { mapLimited } from '../lib/map-limited.ts';
import { MANIFEST_FILE_NAME, SIGNATURE_SUFFIX, type SignedManifest } from '../portal-api.ts';
import {
  type MirrorFile,
  type MirrorFirmware,
  type MirrorIndex,
  onDisk,
  poolEntryProblem,
  poolDirsOf,
  poolFilesOf,
  snapshotDirOf,
} from './mirror-layout.ts';
import { isRealFolder } from './mirror-pool.ts';
import { CONTEXT_FILE, readContext } from './compliance-context.ts';
import { advisorySignatureProblems } from './mirror-openpgp.ts';
import { checkSignedCatalogue } from './mirror-selection.ts';
import { readCatalog, readIndex, readSmallFile, SIGNATURE_MAX_BYTES } from './mirror-store.ts';

/** Why a file failed, as a message key and its parameters (the command prints them in the user's language). */
export type Problem = { path: string; reason: ProblemReason; detail?: string };
export type ProblemReason =
  | 'badIndex'
  | 'badSignature'
  | 'notSigned'
  | 'unsafePath'
  | 'missing'
  | 'symlink'
  | 'size'
  | 'checksum'
  | 'openPgpSignature'
  | 'openPgpUnproven';

export type VerifyResult = { snapshots: string[]; files: number; bytes: number; problems: Problem[] };

/** How many files are hashed at once: two keep a disk busy while one of them waits. */
const VERIFY_PARALLEL = 2;

/**
 * The snapshot's own proofs: its manifest must be the one the portal signed (pinned key), and each
 * firmware entry must be, field for field, an entry of it. The index itself carries no signature
 * (the CLI cannot sign for the portal): it can leave files out, never vouch for one.
 */
async function checkSnapshot(
  root: string,
  name: string,
  key: KeyObject,
): Promise<{ index: MirrorIndex | null; problems: Problem[] }> {
  const dir = snapshotDirOf(name);
  let index: MirrorIndex;
  try {
    index = await readIndex(root, name);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { index: null, problems: [{ path: `${dir}/index.json`, reason: 'badIndex' }] };
  }
  const manifestPath = `${dir}/${MANIFEST_FILE_NAME}`;
  let signed: SignedManifest;
  try {
    const manifest = await readSmallFile(onDisk(root, manifestPath));
    const signature = await readSmallFile(
      onDisk(root, `${manifestPath}${SIGNATURE_SUFFIX}`),
      SIGNATURE_MAX_BYTES,
    );
    signed = checkSignedCatalogue(manifest, signature, key);
    if (createHash('sha256').update(manifest).digest('hex') !== index.manifest.sha256)
      throw new Error('other manifest');
  } catch {
    return { index: null, problems: [{ path: manifestPath, reason: 'badSignature' }] };
  }
  const problems: Problem[] = [];
  const byVersion = new Map(signed.entries.map((entry) => [entry.versionId, entry]));
  for (const file of index.firmware) {
    const entry = byVersion.get(file.versionId);
    const proven =
      entry !== undefined &&
      entry.sha256 === file.sha256 &&
      entry.size === file.size &&
      entry.fileName === file.fileName &&
      file.path?.endsWith(`/${entry.fileName}`) &&
      sameSbom(entry.sbom, file.sbom);
    if (!proven)
      problems.push({ path: String(file.path), reason: 'notSigned', detail: String(file.versionId) });
  }
  for (const file of poolFilesOf(index))
    if (poolEntryProblem(file) !== null) problems.push({ path: String(file.path), reason: 'unsafePath' });
  if (index.complianceContext)
    await readContext(root, index, key).catch(() =>
      problems.push({ path: `${dir}/${CONTEXT_FILE}`, reason: 'badSignature' }),
    );
  return { index, problems };
}

/** The index's SBOM entry must be the signed one, field for field (or both absent). */
function sameSbom(
  signed: SignedManifest['entries'][number]['sbom'],
  listed: MirrorFirmware['sbom'],
): boolean {
  if (!signed || !listed) return !signed && !listed;
  return (
    signed.sha256 === listed.sha256 &&
    signed.size === listed.size &&
    signed.fileName === listed.fileName &&
    listed.path?.endsWith(`/${signed.fileName}`) === true
  );
}

/** One pool file read whole: a link is refused (never followed out of the mirror), then size and SHA-256. */
async function checkFile(root: string, file: MirrorFile): Promise<Problem | null> {
  for (const dir of poolDirsOf(file.sha256)) {
    const real = await isRealFolder(onDisk(root, dir)).catch(() => null);
    if (real === null) return { path: file.path, reason: 'symlink' };
    if (!real) return { path: file.path, reason: 'missing' };
  }
  const target = onDisk(root, file.path);
  const stats = await lstat(target).catch(() => null);
  if (!stats) return { path: file.path, reason: 'missing' };
  if (!stats.isFile()) return { path: file.path, reason: 'symlink' };
  if (stats.size !== file.size) return { path: file.path, reason: 'size' };
  return (await sha256OfFile(target)) === file.sha256 ? null : { path: file.path, reason: 'checksum' };
}

/**
 * `fwportal mirror verify`: offline, every snapshot (or the one named) against the pinned key,
 * then every file they name, each read once however many snapshots share it.
 */
export async function verifyMirror(root: string, key: KeyObject, only?: string): Promise<VerifyResult> {
  const catalog = await readCatalog(root);
  const names = catalog.snapshots.map((snapshot) => snapshot.name).filter((name) => !only || name === only);
  if (only && names.length === 0) names.push(only);
  const problems: Problem[] = [];
  const files = new Map<string, MirrorFile>();
  const indexes: MirrorIndex[] = [];
  for (const name of names) {
    const checked = await checkSnapshot(root, name, key);
    problems.push(...checked.problems);
    if (!checked.index) continue;
    indexes.push(checked.index);
    for (const file of poolFilesOf(checked.index))
      if (poolEntryProblem(file) === null) files.set(file.path, file);
  }
  const list = [...files.values()];
  const found = (await mapLimited(list, VERIFY_PARALLEL, (file) => checkFile(root, file))).filter(
    (problem): problem is Problem => problem !== null,
  );
  problems.push(...found);
  // A path no index may hold (unsafePath) is never read: it counts as failed here too.
  const failed = new Set([...problems.map((problem) => problem.path)]);
  for (const file of indexes.flatMap(poolFilesOf)) if (!files.has(file.path)) failed.add(file.path);
  problems.push(...(await advisorySignatureProblems(root, indexes, key, failed)));
  return {
    snapshots: names,
    files: list.length,
    bytes: list.reduce((sum, file) => sum + file.size, 0),
    problems,
  };
}
