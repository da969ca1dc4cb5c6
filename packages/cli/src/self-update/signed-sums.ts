import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { RELEASE_SIGNATURE_SUFFIX, releaseSignedLine } from '@portal/contract/cli-builds';
import { SHA256SUMS_FILE_NAME, SIGNATURE_SUFFIX } from '../portal-api.ts';
import { keyIdOf, signatureValid } from '../signing-key.ts';

/**
 * What a build's release signature covers and the signature: a SHA256SUMS (one line per file,
 * `sha256sum` format) and its detached raw Ed25519 signature, or a build's own line and its `.sig`.
 */
export type SignedSums = { sums: Buffer; signature: Buffer };

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The release signature beside `file`: its own `<file>.sig` (what `npm run build:cli-binaries`
 * writes per build, over the build's `sha256sum` line: `sha256` is the file's, computed by the
 * caller), else the SHA256SUMS and SHA256SUMS.sig of its folder. Null when there is neither: the
 * file is unsigned.
 */
export async function readSignatureBeside(file: string, sha256: string): Promise<SignedSums | null> {
  const own = await readFile(`${file}${RELEASE_SIGNATURE_SUFFIX}`).catch((error: unknown) => {
    if (missing(error)) return null;
    throw error;
  });
  if (own)
    return { sums: Buffer.from(releaseSignedLine(sha256, path.basename(file)), 'utf8'), signature: own };
  const sumsFile = path.join(path.dirname(file), SHA256SUMS_FILE_NAME);
  try {
    const [sums, signature] = await Promise.all([
      readFile(sumsFile),
      readFile(`${sumsFile}${SIGNATURE_SUFFIX}`),
    ]);
    return { sums, signature };
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/**
 * The SHA-256 that `set`, signed by one of `keys` (the release key built into fwportal and the
 * next one it announces, never the portal's), states for `fileName`. The signature is checked
 * before a line is read, so nothing unsigned decides anything.
 */
export function signedDigestOf(set: SignedSums, keys: KeyObject[], fileName: string): string {
  if (!keys.some((key) => signatureValid(key, set.sums, set.signature)))
    throw new CliError(EXIT.verification, 'selfUpdate.badSignature', {
      file: fileName,
      keyId: keys.map(keyIdOf).join(', '),
    });
  for (const line of set.sums.toString('utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line.replace(/\r$/, ''));
    if (match?.[1] && match[2] === fileName) return match[1];
  }
  throw new CliError(EXIT.verification, 'selfUpdate.notListed', { file: fileName });
}
