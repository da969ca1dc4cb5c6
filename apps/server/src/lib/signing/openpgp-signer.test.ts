import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as openpgp from 'openpgp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateOpenPgpSigner } from './openpgp-signer';

const run = promisify(execFile);
const userId = { name: 'Firmware Portal CSAF', email: 'csaf@example.com' };

describe('OpenPGP signer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'openpgp-signer-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Debian's GnuPG 2.2, in a fresh home of its own, as a CSAF consumer would check a download. */
  async function gpgVerifies(publicKey: string, bytes: Buffer, signature: string): Promise<boolean> {
    const home = path.join(dir, `gnupg-${Math.random().toString(36).slice(2)}`);
    mkdirSync(home, { mode: 0o700 });
    writeFileSync(path.join(home, 'key.asc'), publicKey);
    writeFileSync(path.join(home, 'doc.json'), bytes);
    writeFileSync(path.join(home, 'doc.json.asc'), signature);
    const gpg = (...args: string[]) => run('/usr/bin/gpg', ['--homedir', home, '--batch', ...args]);
    await gpg('--import', path.join(home, 'key.asc'));
    try {
      await gpg('--verify', path.join(home, 'doc.json.asc'), path.join(home, 'doc.json'));
      return true;
    } catch {
      return false;
    }
  }

  it('creates a v4 Ed25519 key once (file 0600, folder 0700) whose signatures gpg verifies', async () => {
    const file = path.join(dir, 'keys', 'csaf-openpgp.asc');
    const signer = await loadOrCreateOpenPgpSigner(file, userId);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, 'utf8')).toContain('BEGIN PGP PRIVATE KEY BLOCK');
    expect(signer.fingerprint).toMatch(/^[0-9A-F]{40}$/);
    expect(signer.publicKeyArmored).toContain('BEGIN PGP PUBLIC KEY BLOCK');

    const publicKey = await openpgp.readKey({ armoredKey: signer.publicKeyArmored });
    expect(publicKey.keyPacket.version).toBe(4);
    expect(publicKey.getAlgorithmInfo()).toMatchObject({ algorithm: 'eddsaLegacy', curve: 'ed25519Legacy' });
    expect(publicKey.users[0]?.userID?.userID).toBe('Firmware Portal CSAF <csaf@example.com>');

    const bytes = Buffer.from('{"document":{"title":"Überlauf im BMC"}}\r\n', 'utf8');
    const signature = await signer.signDetached(bytes);
    expect(signature).toMatch(/^-----BEGIN PGP SIGNATURE-----/);
    expect(await gpgVerifies(signer.publicKeyArmored, bytes, signature)).toBe(true);

    const flipped = Buffer.from(bytes);
    flipped[5] = flipped[5]! ^ 0x01;
    expect(await gpgVerifies(signer.publicKeyArmored, flipped, signature)).toBe(false);

    const again = await loadOrCreateOpenPgpSigner(file, userId);
    expect(again.fingerprint).toBe(signer.fingerprint);
    expect(await gpgVerifies(signer.publicKeyArmored, bytes, await again.signDetached(bytes))).toBe(true);
  });

  it('signs a string as its UTF-8 bytes', async () => {
    const signer = await loadOrCreateOpenPgpSigner(path.join(dir, 'k.asc'), userId);
    const text = '安全公告 PFW-2026-0001\n';
    const signature = await signer.signDetached(text);
    expect(await gpgVerifies(signer.publicKeyArmored, Buffer.from(text, 'utf8'), signature)).toBe(true);
  });

  it('agrees on one key when several start at once', async () => {
    const file = path.join(dir, 'shared.asc');
    const signers = await Promise.all(
      Array.from({ length: 5 }, () => loadOrCreateOpenPgpSigner(file, userId)),
    );
    expect(new Set(signers.map((s) => s.fingerprint)).size).toBe(1);
    const bytes = Buffer.from('x');
    expect(
      await gpgVerifies(signers[0]!.publicKeyArmored, bytes, await signers[4]!.signDetached(bytes)),
    ).toBe(true);
  });

  it('refuses a passphrase-protected key', async () => {
    const file = path.join(dir, 'locked.asc');
    const { privateKey } = await openpgp.generateKey({
      type: 'ecc',
      curve: 'ed25519Legacy',
      userIDs: [userId],
      passphrase: 'secret',
      format: 'armored',
    });
    writeFileSync(file, privateKey);
    await expect(loadOrCreateOpenPgpSigner(file, userId)).rejects.toThrow('must not be passphrase-protected');
  });
});
