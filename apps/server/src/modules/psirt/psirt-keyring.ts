import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as openpgp from 'openpgp';
import { AppError } from '../../lib/app-error';
import { loadOrCreateOpenPgpKey, type OpenPgpUserId } from '../../lib/signing/openpgp-signer';

const enoent = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return null;
  throw error;
};

/** The most a decrypted report may hold: a report's text, not the 40 KB form field inflated. */
export const MAX_PLAINTEXT_BYTES = 1_000_000;

/**
 * The PSIRT's own OpenPGP key (issue 43 §4), apart from the CSAF signing key: reporters encrypt
 * to its encryption subkey, and the portal decrypts a report for the PSIRT on demand. Kept as
 * the CSAF key is, an armored unencrypted private key file (mode 0600) created on first use; every
 * process reads the same file (`PSIRT_KEY_FILE`).
 *
 * Rotation: the file is moved into the folder `<name>-retired` beside it (any `*.asc` there is
 * still tried when decrypting, so older reports stay readable) or replaced by another key. Each
 * use looks at the file again (a `stat`), so every process publishes and uses the new key at its
 * next request, no restart needed; a missing file is created anew by the first process to ask.
 */
export class PsirtKeyring {
  private cached: { ino: number; mtimeMs: number; key: openpgp.PrivateKey } | undefined;

  constructor(
    private readonly file: string,
    private readonly userId: OpenPgpUserId,
  ) {}

  /** Where retired keys are kept: `keys/psirt-openpgp-retired/` for `keys/psirt-openpgp.asc`. */
  get retiredDir() {
    return path.join(path.dirname(this.file), `${path.basename(this.file, '.asc')}-retired`);
  }

  /** The current key's public half and fingerprint (upper-case hex), safe to publish. */
  async publicKey(): Promise<{ fingerprint: string; armoredKey: string }> {
    const key = await this.current();
    return { fingerprint: key.getFingerprint().toUpperCase(), armoredKey: key.toPublic().armor() };
  }

  /**
   * The text of a message encrypted to the current or a retired key; `PSIRT_DECRYPT_FAILED` when
   * none of them opens it (another key, a password, a damaged or tampered message) or it would
   * inflate past MAX_PLAINTEXT_BYTES.
   */
  async decrypt(armoredMessage: string): Promise<string> {
    const keys = [await this.current(), ...(await this.retired())];
    try {
      const message = await openpgp.readMessage({ armoredMessage });
      const { data } = await openpgp.decrypt({
        message,
        decryptionKeys: keys,
        format: 'utf8',
        // A compressed report of a few KB could inflate to gigabytes in the server's memory.
        config: { maxDecompressedMessageSize: MAX_PLAINTEXT_BYTES },
      });
      return data;
    } catch {
      throw new AppError('PSIRT_DECRYPT_FAILED');
    }
  }

  private async current(): Promise<openpgp.PrivateKey> {
    const before = await stat(this.file).catch(enoent);
    if (before && this.cached?.ino === before.ino && this.cached.mtimeMs === before.mtimeMs)
      return this.cached.key;
    const key = await loadOrCreateOpenPgpKey(this.file, this.userId);
    if (!key.isDecrypted()) throw new Error('the PSIRT OpenPGP key must not be passphrase-protected');
    // Throws when the key has no usable encryption (sub)key: nobody could encrypt to it.
    await key.getEncryptionKey();
    const stats = before ?? (await stat(this.file));
    this.cached = { ino: stats.ino, mtimeMs: stats.mtimeMs, key };
    return key;
  }

  private async retired(): Promise<openpgp.PrivateKey[]> {
    const names = (await readdir(this.retiredDir).catch(enoent)) ?? [];
    const keys = await Promise.all(
      names
        .filter((name) => name.endsWith('.asc'))
        .map(async (name) =>
          openpgp
            .readPrivateKeys({ armoredKeys: await readFile(path.join(this.retiredDir, name), 'utf8') })
            // A file that is no key (a note left beside them) opens nothing.
            .catch(() => []),
        ),
    );
    return keys.flat().filter((key) => key.isDecrypted());
  }
}
