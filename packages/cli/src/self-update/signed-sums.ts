import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { SHA256SUMS_FILE_NAME, SIGNATURE_SUFFIX } from '../portal-api.ts';
import { keyIdOf, signatureValid } from '../signing-key.ts';

/** A SHA256SUMS (one line per file, `sha256sum` format) and its detached raw Ed25519 signature. */
export type SignedSums = { sums: Buffer; signature: Buffer };

/**
 * The SHA256SUMS and SHA256SUMS.sig beside `file`: what `npm run build:cli-binaries` writes next
 * to the executables and `fwportal download` next to a downloaded version. Null when either is
 * missing: the file is unsigned.
 */
export async function readSumsBeside(file: string): Promise<SignedSums | null> {
  const sumsFile = path.join(path.dirname(file), SHA256SUMS_FILE_NAME);
  try {
    const [sums, signature] = await Promise.all([
      readFile(sumsFile),
      readFile(`${sumsFile}${SIGNATURE_SUFFIX}`),
    ]);
    return { sums, signature };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The SHA-256 that `set`, signed by `key`, states for `fileName`. The signature is checked before
 * a line is read, so nothing unsigned decides anything.
 */
export function signedDigestOf(set: SignedSums, key: KeyObject, fileName: string): string {
  if (!signatureValid(key, set.sums, set.signature))
    throw new CliError(EXIT.verification, 'selfUpdate.badSignature', { keyId: keyIdOf(key) });
  for (const line of set.sums.toString('utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line.replace(/\r$/, ''));
    if (match?.[1] && match[2] === fileName) return match[1];
  }
  throw new CliError(EXIT.verification, 'selfUpdate.notListed', { file: fileName });
}
