import path from 'node:path';
import { isSafeFileName } from '../download/signed-set.ts';

/*
 * A mirror folder, for any static web server (relative paths only, nothing but files and folders,
 * no symbolic links, so it survives FAT-formatted removable media and a one-way transfer):
 *
 *   mirror.json                          which snapshots exist, the newest last (written last)
 *   snapshots/<name>/index.json          one snapshot's content list (MirrorIndex)
 *   snapshots/<name>/manifest.json(.sig) the portal's signed manifest, byte for byte as served
 *   pool/<aa>/<sha256>/<file name>       every file once, addressed by its SHA-256 (apt's pool,
 *                                        skopeo's blobs): snapshots share files, nothing moves
 *
 * Every pool path is derived from a SHA-256 and a bare file name (poolPathOf); an index naming any
 * other path is refused, so no index can make sync, verify or prune touch a file outside the mirror.
 */

export const MIRROR_FORMAT = 'fwportal-mirror/1';
export const MIRROR_FILE = 'mirror.json';
export const SNAPSHOTS_DIR = 'snapshots';
export const POOL_DIR = 'pool';
export const INDEX_FILE = 'index.json';

/** A snapshot name: a folder name on every file system, never `.`, `..` or a path. */
export const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SHA256 = /^[0-9a-f]{64}$/;

export const isSha256 = (value: unknown): value is string => typeof value === 'string' && SHA256.test(value);
export const isSnapshotName = (value: unknown): value is string =>
  typeof value === 'string' && SNAPSHOT_NAME.test(value);

/** `pool/<first two hex digits>/<sha256>/<file name>`, relative, with forward slashes (a URL path too). */
export function poolPathOf(sha256: string, fileName: string): string {
  if (!isSha256(sha256) || !isSafeFileName(fileName)) throw new Error('unsafe pool entry');
  return `${POOL_DIR}/${sha256.slice(0, 2)}/${sha256}/${fileName}`;
}

/** The folders leading to a pool file, outermost first (each is checked for a planted link). */
export function poolDirsOf(sha256: string): string[] {
  return [POOL_DIR, `${POOL_DIR}/${sha256.slice(0, 2)}`, `${POOL_DIR}/${sha256.slice(0, 2)}/${sha256}`];
}

export const snapshotDirOf = (name: string) => `${SNAPSHOTS_DIR}/${name}`;

/** A relative mirror path on this machine's file system, below `root`. */
export const onDisk = (root: string, relative: string) => path.join(root, ...relative.split('/'));

/** One file of a snapshot: where it lies in the mirror, and what it must hash to. */
export type MirrorFile = { path: string; size: number; sha256: string };

/** A firmware file: the signed manifest's entry (all of it, the URL left out) and where it lies. */
export type MirrorFirmware = MirrorFile & {
  versionId: number;
  itemCode: string;
  kind: string;
  version: string;
  releaseDate: string;
  fileName: string;
  /** The version's SBOM (CycloneDX or SPDX JSON), when the signed manifest lists one. */
  sbom?: MirrorFile & { fileName: string };
};

/** A CSAF advisory document with its OpenPGP signature, as the portal serves them. */
export type MirrorAdvisory = {
  /** TLP folder (white, green, amber). */
  label: string;
  /** The document's path in the portal's CSAF distribution, relative to its label folder (`2026/pfw-2026-0001.json`). */
  csafPath: string;
  /** When the portal's changes.csv says it last changed: an unchanged one is not fetched again. */
  changed: string;
  document: MirrorFile;
  signature: MirrorFile;
};

export type MirrorIndex = {
  format: typeof MIRROR_FORMAT;
  snapshot: string;
  createdAt: string;
  /** The portal the files came from, and the id of the key its manifest is signed with. */
  origin: string;
  keyId: string;
  selection: { models: string[]; kinds: string[]; serverCount: number };
  /** The signed manifest the firmware entries are proven by (its `.sig` lies beside it). */
  manifest: MirrorFile;
  firmware: MirrorFirmware[];
  advisories: MirrorAdvisory[];
  /** The OpenPGP public key the advisories are signed with (CSAF `public_openpgp_keys`), when the portal publishes one. */
  openPgpKey: MirrorFile | null;
  /**
   * The portal's Ed25519 signature of that key's exact bytes (X-Signature of its answer, `.sig`):
   * `mirror verify` proves the key with the key pinned at login, then every `.asc` with the key.
   */
  openPgpKeySignature?: MirrorFile | null;
  /**
   * The portal-signed compliance context (my servers, releases, advisories, baselines) that
   * `fwportal audit --repo` judges with; null when the token had no `inventory` scope.
   */
  complianceContext?: MirrorFile | null;
};

export type MirrorSnapshotSummary = { name: string; createdAt: string; files: number; bytes: number };
export type MirrorCatalog = { format: typeof MIRROR_FORMAT; snapshots: MirrorSnapshotSummary[] };

/** Every pool file an index names (firmware, advisories and their signatures, the OpenPGP key and its proof). */
export function poolFilesOf(index: MirrorIndex): MirrorFile[] {
  return [
    ...index.firmware.flatMap((firmware) => (firmware.sbom ? [firmware, firmware.sbom] : [firmware])),
    ...index.advisories.flatMap((advisory) => [advisory.document, advisory.signature]),
    ...(index.openPgpKey ? [index.openPgpKey] : []),
    ...(index.openPgpKeySignature ? [index.openPgpKeySignature] : []),
  ];
}

/** Why a file entry of an index is refused, or null: its path must be the one its hash and name give. */
export function poolEntryProblem(file: MirrorFile): string | null {
  if (!isSha256(file.sha256)) return 'sha256';
  if (!Number.isSafeInteger(file.size) || file.size < 0) return 'size';
  if (typeof file.path !== 'string') return 'path';
  const name = file.path.split('/').at(-1) ?? '';
  if (!isSafeFileName(name)) return 'path';
  return file.path === poolPathOf(file.sha256, name) ? null : 'path';
}
