import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.ts';
import { poolEntryProblem, poolPathOf } from './mirror-layout.ts';
import { checkSignedCatalogue } from './mirror-selection.ts';

const sha256 = createHash('sha256').update('firmware').digest('hex');
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');

/** A manifest as the portal signs it, with one entry whose fields the test chooses. */
function signedManifest(entry: Record<string, unknown>, key = privateKey) {
  const body = Buffer.from(
    JSON.stringify({
      format: 'portal-manifest/1',
      keyId: 'k',
      origin: 'https://portal.example.com',
      entries: [{ versionId: 7, itemCode: 'bmc', kind: 'BMC', version: '1.0', size: 8, sha256, ...entry }],
    }),
  );
  return { body, signature: sign(null, body, key) };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof CliError ? String(error.params.reason) : String(error);
  }
  return null;
};

describe('mirror paths', () => {
  it('builds a pool path from the SHA-256 and a bare name only', () => {
    expect(poolPathOf(sha256, 'bmc.bin')).toBe(`pool/${sha256.slice(0, 2)}/${sha256}/bmc.bin`);
    for (const name of ['../bmc.bin', '..', 'a/b.bin', 'a\\b.bin', '', 'bmc\u001b[2J.bin'])
      expect(() => poolPathOf(sha256, name)).toThrow();
    expect(() => poolPathOf('../../etc', 'passwd')).toThrow();
  });

  it('refuses an index entry whose path is not the one its hash and name give', () => {
    const good = { path: poolPathOf(sha256, 'bmc.bin'), size: 8, sha256 };
    expect(poolEntryProblem(good)).toBeNull();
    for (const path of [
      `../../${good.path}`,
      `/${good.path}`,
      '/etc/passwd',
      `pool/${sha256.slice(0, 2)}/${sha256}/../../../x.bin`,
      `pool/00/${sha256}/bmc.bin`,
      `${good.path}/`,
    ])
      expect(poolEntryProblem({ ...good, path })).toBe('path');
    expect(poolEntryProblem({ ...good, sha256: 'F'.repeat(64) })).toBe('sha256');
    expect(poolEntryProblem({ ...good, size: -1 })).toBe('size');
  });
});

describe('the signed catalogue manifest', () => {
  it('is taken when signed by the pinned key', () => {
    const { body, signature } = signedManifest({ fileName: 'bmc.bin' });
    expect(checkSignedCatalogue(body, signature, publicKey).entries[0]?.fileName).toBe('bmc.bin');
  });

  it('is refused when signed by another key', () => {
    const { body, signature } = signedManifest({ fileName: 'bmc.bin' }, other.privateKey);
    expect(refusal(() => checkSignedCatalogue(body, signature, publicKey))).toBe('manifest.json signature');
  });

  it('is refused, though signed, when an entry names a path or a bad id', () => {
    for (const entry of [
      { fileName: '../../.bashrc' },
      { fileName: '/etc/cron.d/x' },
      { fileName: 'a/b.bin' },
      { fileName: 'bmc.bin', versionId: '../7' },
      { fileName: 'bmc.bin', sha256: '../'.repeat(21) + 'a' },
      { fileName: 'bmc.bin', size: -5 },
    ]) {
      const { body, signature } = signedManifest(entry);
      expect(refusal(() => checkSignedCatalogue(body, signature, publicKey))).toMatch(
        /^manifest\.json entry/,
      );
    }
  });
});
