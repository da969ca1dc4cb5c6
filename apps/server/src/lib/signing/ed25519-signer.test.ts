import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSigner, verifyEd25519 } from './ed25519-signer';

describe('Ed25519 signer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'signer-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the key once (file 0600, folder 0700) and signs what the public key verifies', async () => {
    const file = path.join(dir, 'keys', 'release.pem');
    const signer = await loadOrCreateSigner(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const body = Buffer.from('hello');
    const signature = signer.sign(body);
    expect(signature).toHaveLength(64);
    expect(verifyEd25519(signer.publicKeyPem, body, signature)).toBe(true);
    expect(verifyEd25519(signer.publicKeyPem, Buffer.from('hellO'), signature)).toBe(false);
    expect(signer.keyId).toMatch(/^[0-9a-f]{16}$/);

    const again = await loadOrCreateSigner(file);
    expect(again.publicKeyPem).toBe(signer.publicKeyPem);
    expect(again.keyId).toBe(signer.keyId);
  });

  it('agrees on one key when several start at once, and uses a key it is given', async () => {
    const file = path.join(dir, 'shared.pem');
    const signers = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateSigner(file)));
    expect(new Set(signers.map((s) => s.keyId)).size).toBe(1);
    expect(signers[0]?.verify(Buffer.from('x'), signers[4]?.sign(Buffer.from('x')) ?? Buffer.alloc(0))).toBe(
      true,
    );

    const given = path.join(dir, 'given.pem');
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(given, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const signer = await loadOrCreateSigner(given);
    expect(signer.verify(Buffer.from('y'), signer.sign(Buffer.from('y')))).toBe(true);
    expect(readFileSync(given, 'utf8')).toContain('BEGIN PRIVATE KEY');
  });

  it('refuses a key of another type', async () => {
    const file = path.join(dir, 'rsa.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await expect(loadOrCreateSigner(file)).rejects.toThrow('the signing key must be an Ed25519 key');
  });
});
