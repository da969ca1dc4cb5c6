import { statSync } from 'node:fs';
import path from 'node:path';
import {
  ErrorCode,
  MANIFEST_FORMAT,
  SIGNATURE_HEADER,
  SIGNING_KEY_ID_HEADER,
  type SignedManifest,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEd25519 } from '../../lib/signing/ed25519-signer';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { addVersion, sha256 } from './downloads-test-kit';

const ORIGIN = 'https://portal.example.com';
const GRANTED_ORGANISATION = 'Early Access Co';

describe.each(DRIVERS)('checksums and signed manifests on %s', (driver) => {
  let t: TestApp;
  /** A customer of the organisation the restricted item is granted to. */
  let member: string;
  let plain: string;
  let publicKeyPem: string;
  /** Two public items (what anyone's manifest lists), one for signed-in users, one restricted. */
  let livecdCode: string;
  let toolCode: string;
  let signedInCode: string;
  let restricted: Awaited<ReturnType<typeof publishedItem>>;

  beforeAll(async () => {
    t = await createTestApp(driver, { config: { PUBLIC_URL: ORIGIN } });
    member = (await signedInUser(t, { roleCodes: ['customer'], organisation: GRANTED_ORGANISATION })).token;
    plain = (await signedInUser(t, { roleCodes: ['customer'], company: 'Nobody Ltd' })).token;
    livecdCode = (await publishedItem(t, { kind: 'LIVECD', visibility: 'public' })).item.code;
    toolCode = (await publishedItem(t, { kind: 'SOFTWARE', visibility: 'public' })).item.code;
    signedInCode = (await publishedItem(t, { kind: 'SOFTWARE', visibility: 'signed_in' })).item.code;
    restricted = await publishedItem(t, {
      kind: 'BMC',
      visibility: 'restricted',
      grants: [['customer', GRANTED_ORGANISATION]],
    });
    const key = await t.app.inject({ url: '/api/catalog/signing-key.pem' });
    expect(key.statusCode).toBe(200);
    publicKeyPem = key.body;
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const verifies = (body: Buffer, signature: Buffer) => verifyEd25519(publicKeyPem, body, signature);

  it('publishes the public key, created once with mode 0600 under DATA_DIR/keys', () => {
    expect(publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
    const file = path.join(t.dataDir, 'keys', 'release-ed25519.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('serves SHA256SUMS matching the bytes a download returns, signed in the header and the .sig', async () => {
    const version = await addVersion(t, {
      itemCode: livecdCode,
      fileName: 'livecd 3.0.tar.gz',
      size: 4096,
    });
    const file = await get(`/api/downloads/${version.id}`);
    const sums = await get(`/api/downloads/${version.id}/SHA256SUMS`);
    expect(sums.statusCode).toBe(200);
    expect(sums.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(sums.body).toBe(`${sha256(file.rawPayload)}  livecd 3.0.tar.gz\n`);
    const signature = Buffer.from(String(sums.headers[SIGNATURE_HEADER]), 'base64');
    expect(signature.length).toBe(64);
    expect(verifies(sums.rawPayload, signature)).toBe(true);
    const detached = await get(`/api/downloads/${version.id}/SHA256SUMS.sig`);
    expect(detached.rawPayload.equals(signature)).toBe(true);
    // Same access rule as the file itself.
    const restrictedId = restricted.version.id;
    expect((await get(`/api/downloads/${restrictedId}/SHA256SUMS`, plain)).json().code).toBe(
      ErrorCode.CATALOG_NOT_VISIBLE,
    );
    expect((await get(`/api/downloads/${restrictedId}/SHA256SUMS.sig`)).statusCode).toBe(404);
    expect((await get(`/api/downloads/${restrictedId}/SHA256SUMS`, member)).statusCode).toBe(200);
  });

  it('signs a manifest of what the viewer may see that verifies, and fails verification on a changed byte', async () => {
    const anonymous = await get('/api/downloads/manifest.json');
    expect(anonymous.statusCode).toBe(200);
    const manifest = anonymous.json<SignedManifest>();
    const keyId = String(anonymous.headers[SIGNING_KEY_ID_HEADER]);
    expect(manifest).toMatchObject({ format: MANIFEST_FORMAT, keyId, origin: ORIGIN });
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    const ids = manifest.entries.map((e) => e.versionId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(manifest.entries.map((e) => e.itemCode))).toEqual(new Set([livecdCode, toolCode]));
    for (const entry of manifest.entries)
      expect(entry.url).toBe(`${ORIGIN}/api/downloads/${entry.versionId}`);
    // An entry's checksum is the one of the bytes served.
    const [first] = manifest.entries;
    const bytes = (await get(`/api/downloads/${first?.versionId}`)).rawPayload;
    expect(first).toMatchObject({ sha256: sha256(bytes), size: bytes.length });

    const signature = (await get('/api/downloads/manifest.json.sig')).rawPayload;
    expect(Buffer.from(String(anonymous.headers[SIGNATURE_HEADER]), 'base64').equals(signature)).toBe(true);
    expect(verifies(anonymous.rawPayload, signature)).toBe(true);
    const tampered = Buffer.from(anonymous.rawPayload);
    tampered[tampered.length - 5] = (tampered[tampered.length - 5] ?? 0) ^ 0x01;
    expect(verifies(tampered, signature)).toBe(false);

    // Signed-in viewers see more; restricted items only with a grant.
    const codesOf = async (token: string) =>
      new Set(
        (await get('/api/downloads/manifest.json', token))
          .json<SignedManifest>()
          .entries.map((e) => e.itemCode),
      );
    expect((await codesOf(member)).has(restricted.item.code)).toBe(true);
    const plainCodes = await codesOf(plain);
    expect(plainCodes.has(signedInCode)).toBe(true);
    expect(plainCodes.has(restricted.item.code)).toBe(false);
  });

  it('signs one version manifest, with the download access rule', async () => {
    const early = restricted.version;
    const one = await get(`/api/downloads/${early.id}/manifest.json`, member);
    expect(one.statusCode).toBe(200);
    const manifest = one.json<SignedManifest>();
    expect(manifest.entries).toHaveLength(1);
    expect(manifest.entries[0]).toMatchObject({
      versionId: early.id,
      itemCode: restricted.item.code,
      kind: 'BMC',
      version: early.version,
      fileName: early.fileName,
      size: early.fileSize,
      sha256: early.sha256,
      md5: early.md5,
    });
    const signature = (await get(`/api/downloads/${early.id}/manifest.json.sig`, member)).rawPayload;
    expect(verifies(one.rawPayload, signature)).toBe(true);
    expect((await get(`/api/downloads/${early.id}/manifest.json`, plain)).statusCode).toBe(404);
    expect((await get(`/api/downloads/${early.id}/manifest.json.sig`)).statusCode).toBe(404);
  });
});
