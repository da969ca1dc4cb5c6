import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Signs bytes with one Ed25519 key and publishes its public half. Used for release
 * manifests and SHA256SUMS; meant to be reused wherever the portal signs something.
 */
export class Ed25519Signer {
  /** SPKI PEM, safe to publish. */
  readonly publicKeyPem: string;
  /** First 16 hex digits of the SHA-256 of the public key's DER: names the key in signatures. */
  readonly keyId: string;
  private readonly publicKey: KeyObject;

  constructor(private readonly privateKey: KeyObject) {
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the signing key must be an Ed25519 key');
    this.publicKey = createPublicKey(privateKey);
    this.publicKeyPem = this.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.keyId = keyIdOf(this.publicKey);
  }

  /** The raw 64-byte Ed25519 signature of `bytes`. */
  sign(bytes: Buffer): Buffer {
    return sign(null, bytes, this.privateKey);
  }

  verify(bytes: Buffer, signature: Buffer): boolean {
    return verifyEd25519(this.publicKeyPem, bytes, signature);
  }
}

/** Checks a raw Ed25519 signature against a published SPKI PEM public key. */
export function verifyEd25519(publicKeyPem: string, bytes: Buffer, signature: Buffer): boolean {
  return verify(null, bytes, createPublicKey(publicKeyPem), signature);
}

export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

/**
 * The signer whose private key is `file` (PKCS#8 PEM), created on first use with mode 0600
 * (folder 0700). Two processes starting at once agree on one key: the new key is written to a
 * temporary file and hard-linked into place, which fails for the slower one, who then reads
 * the winner's key.
 */
export async function loadOrCreateSigner(file: string): Promise<Ed25519Signer> {
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) return new Ed25519Signer(createPrivateKey(existing));

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
    return loadOrCreateSigner(file);
  } finally {
    await rm(temporary, { force: true });
  }
  return new Ed25519Signer(privateKey);
}
