import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as openpgp from 'openpgp';

/**
 * Makes OpenPGP detached signatures with one key and publishes its public half: the CSAF 2.0
 * trusted provider signs every advisory (`.asc`) with it, and consumers verify with `gpg`.
 */
export class OpenPgpSigner {
  /** The armored public key, safe to publish (CSAF provider-metadata's `public_openpgp_keys`). */
  readonly publicKeyArmored: string;
  /** Upper-case hex, 40 digits (a v4 key). */
  readonly fingerprint: string;

  constructor(private readonly privateKey: openpgp.PrivateKey) {
    // The portal signs unattended: there is nobody to type a passphrase.
    if (!privateKey.isDecrypted())
      throw new Error('the OpenPGP signing key must not be passphrase-protected');
    this.publicKeyArmored = privateKey.toPublic().armor();
    this.fingerprint = privateKey.getFingerprint().toUpperCase();
  }

  /** The armored detached signature of `bytes` (a string is signed as its UTF-8 bytes). */
  async signDetached(bytes: Buffer | string): Promise<string> {
    const binary = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    // A binary (not text) signature: it covers the bytes exactly as served, line ends included.
    const message = await openpgp.createMessage({ binary: new Uint8Array(binary) });
    return openpgp.sign({ message, signingKeys: this.privateKey, detached: true, format: 'armored' });
  }
}

export type OpenPgpUserId = { name: string; email: string };

/**
 * The signer whose armored, unencrypted private key is `file`, created on first use with mode
 * 0600 (folder 0700), like `loadOrCreateSigner` of the Ed25519 key (see `loadOrCreateOpenPgpKey`).
 */
export async function loadOrCreateOpenPgpSigner(file: string, userId: OpenPgpUserId): Promise<OpenPgpSigner> {
  return new OpenPgpSigner(await loadOrCreateOpenPgpKey(file, userId));
}

/**
 * The armored, unencrypted private key in `file`, created on first use with mode 0600 (folder
 * 0700): a v4 Ed25519 primary key (signing) with a Curve25519 encryption subkey. Two processes
 * starting at once agree on one key because the new key is written to a temporary file and
 * hard-linked into place, which fails for the slower one, who then reads the winner's key.
 */
export async function loadOrCreateOpenPgpKey(
  file: string,
  userId: OpenPgpUserId,
): Promise<openpgp.PrivateKey> {
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) return openpgp.readPrivateKey({ armoredKey: existing });

  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // A v4 key on the legacy EdDSA curve: GnuPG 2.2 (Debian 12, most consumers' tools) cannot read
  // v6 keys, and an Ed25519 signature stays small and quick.
  const { privateKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'ed25519Legacy',
    userIDs: [userId],
    format: 'armored',
    config: { v6Keys: false },
  });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, privateKey, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadOrCreateOpenPgpKey(file, userId);
  } finally {
    await rm(temporary, { force: true });
  }
  return openpgp.readPrivateKey({ armoredKey: privateKey });
}
