import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import {
  API_PATHS,
  MANIFEST_FILE_NAME,
  MANIFEST_FORMAT,
  SHA256SUMS_FILE_NAME,
  SIGNATURE_SUFFIX,
  type SignedManifest,
} from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { signatureValid } from '../signing-key.ts';
import { isPortableFileName } from '@portal/contract/file-names';
import { replaceFile } from './no-follow.ts';

/** A version's SHA256SUMS and manifest with their detached signatures, byte for byte as signed. */
export type SignedSet = { sums: Buffer; sumsSignature: Buffer; manifest: Buffer; manifestSignature: Buffer };

/** The names they are kept under next to the file, so `fwportal verify` works offline. */
export const SIGNED_SET_FILES: Record<keyof SignedSet, string> = {
  sums: SHA256SUMS_FILE_NAME,
  sumsSignature: `${SHA256SUMS_FILE_NAME}${SIGNATURE_SUFFIX}`,
  manifest: MANIFEST_FILE_NAME,
  manifestSignature: `${MANIFEST_FILE_NAME}${SIGNATURE_SUFFIX}`,
};

/** What the signed files promise about the one file of a version (and its SBOM, when it has one). */
export type ExpectedFile = {
  versionId: number;
  fileName: string;
  sha256: string;
  size: number;
  sbom?: { fileName: string; sha256: string; size: number };
};

export async function fetchSignedSet(client: PortalClient, versionId: number): Promise<SignedSet> {
  const sumsPath = API_PATHS.sha256Sums(versionId);
  const manifestPath = API_PATHS.manifest(versionId);
  const [sums, sumsSignature, manifest, manifestSignature] = await Promise.all([
    client.bytes(sumsPath),
    client.bytes(`${sumsPath}${SIGNATURE_SUFFIX}`),
    client.bytes(manifestPath),
    client.bytes(`${manifestPath}${SIGNATURE_SUFFIX}`),
  ]);
  return { sums, sumsSignature, manifest, manifestSignature };
}

/** The set kept in `dir`; null when `dir` holds none (no SHA256SUMS). */
export async function readSignedSet(dir: string): Promise<SignedSet | null> {
  const read = (part: keyof SignedSet) => readFile(path.join(dir, SIGNED_SET_FILES[part]));
  try {
    const [sums, sumsSignature, manifest, manifestSignature] = await Promise.all([
      read('sums'),
      read('sumsSignature'),
      read('manifest'),
      read('manifestSignature'),
    ]);
    return { sums, sumsSignature, manifest, manifestSignature };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Each file replaced whole (temporary file and rename), never written through a planted link. */
export async function writeSignedSet(dir: string, set: SignedSet): Promise<void> {
  for (const [part, name] of Object.entries(SIGNED_SET_FILES))
    await replaceFile(dir, name, set[part as keyof SignedSet]);
}

/**
 * A bare file name: the portal's answer must never write outside the download folder, nor name
 * a file whose name (printed, or listed by `ls` later) drives the terminal, nor one Windows takes
 * for a device or another file's stream (the portal publishes no other: the contract's rule).
 */
export const isSafeFileName = isPortableFileName;

const fail = (file: string, reason: string) =>
  new CliError(EXIT.verification, 'verify.badSignedSet', { file, reason });

/**
 * Both signatures checked against `key` (the pinned one, never a key that came with the files),
 * then SHA256SUMS and the manifest must name the same file with the same SHA-256.
 */
export function checkSignedSet(set: SignedSet, key: KeyObject, where: string): ExpectedFile {
  if (!signatureValid(key, set.sums, set.sumsSignature)) throw fail(where, 'SHA256SUMS signature');
  if (!signatureValid(key, set.manifest, set.manifestSignature)) throw fail(where, 'manifest.json signature');
  const manifest = JSON.parse(set.manifest.toString('utf8')) as SignedManifest;
  const entry = manifest.entries?.[0];
  if (manifest.format !== MANIFEST_FORMAT || manifest.entries.length !== 1 || !entry)
    throw fail(where, 'manifest.json format');
  const line = /^([0-9a-f]{64}) [ *](.+)$/.exec(set.sums.toString('utf8').split('\n')[0] ?? '');
  if (!line || line[1] !== entry.sha256 || line[2] !== entry.fileName)
    throw fail(where, 'SHA256SUMS and manifest.json disagree');
  if (!isSafeFileName(entry.fileName)) throw fail(where, 'file name');
  const sbom = entry.sbom;
  // The SBOM is written beside the file: a name of its own, never the file's nor a signed file's.
  if (
    sbom &&
    (!isSafeFileName(sbom.fileName) ||
      sbom.fileName === entry.fileName ||
      Object.values(SIGNED_SET_FILES).includes(sbom.fileName) ||
      !/^[0-9a-f]{64}$/.test(sbom.sha256) ||
      !Number.isSafeInteger(sbom.size) ||
      sbom.size < 0)
  )
    throw fail(where, 'SBOM entry');
  return {
    versionId: entry.versionId,
    fileName: entry.fileName,
    sha256: entry.sha256,
    size: entry.size,
    ...(sbom && { sbom: { fileName: sbom.fileName, sha256: sbom.sha256, size: sbom.size } }),
  };
}
