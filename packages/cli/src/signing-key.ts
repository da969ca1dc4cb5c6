import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import { CliError } from './cli-error.ts';
import { EXIT } from './exit-codes.ts';

/** The Ed25519 public key of an SPKI PEM; anything else is refused (verification exit code). */
export function publicKeyOf(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new CliError(EXIT.verification, 'error.badSigningKey');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new CliError(EXIT.verification, 'error.badSigningKey');
  return key;
}

/** How the portal names its key (X-Signing-Key-Id, manifest keyId): first 16 hex digits of the DER's SHA-256. */
export function keyIdOf(key: KeyObject): string {
  const der = key.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

export function signatureValid(key: KeyObject, body: Buffer, signature: Buffer): boolean {
  try {
    return verify(null, body, key, signature);
  } catch {
    return false;
  }
}
