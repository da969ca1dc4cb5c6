import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type SigningKey = {
  privateKey: KeyObject;
  /** SPKI PEM, safe to publish. */
  publicKeyPem: string;
  /** First 16 hex digits of the SHA-256 of the public key's DER: names the key in signatures. */
  keyId: string;
};

export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

/**
 * The Ed25519 private key in `file` (PKCS#8 PEM), created on first use with mode 0600. Two
 * processes starting at once agree on one key: the new key is written to a temporary file and
 * linked into place, which fails for the slower one, who then reads the winner's key.
 */
export async function loadOrCreateEd25519Key(file: string): Promise<SigningKey> {
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) return signingKeyOf(createPrivateKey(existing));

  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadOrCreateEd25519Key(file);
  } finally {
    await rm(temporary, { force: true });
  }
  return signingKeyOf(privateKey);
}

function signingKeyOf(privateKey: KeyObject): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the licence key must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyId: keyIdOf(publicKey),
  };
}
