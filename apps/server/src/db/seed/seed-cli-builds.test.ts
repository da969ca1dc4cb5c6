import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@portal/contract';
import { fwportalItemCode, RELEASE_PUBLIC_KEY_FILE, releaseSignedLine } from '@portal/contract/cli-builds';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createItem, createVersion } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { tokenFor } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { catalogItems, catalogVersions } from '../schema';
import { seedCliBuilds } from './seed-cli-builds';

/**
 * A build folder as `npm run build:cli-binaries` leaves it: SHA256SUMS and each file's `.sig`
 * signed with the release key `key`, whose public half is written beside them (`publicKey` when given).
 */
function buildFolder(
  key: KeyObject,
  files: Record<string, Buffer>,
  listed: Record<string, Buffer> = files,
  publicKey: KeyObject = createPublicKey(key),
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-binaries-'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
  let sums = '';
  for (const [name, bytes] of Object.entries(listed)) {
    const line = releaseSignedLine(createHash('sha256').update(bytes).digest('hex'), name);
    writeFileSync(path.join(dir, `${name}.sig`), sign(null, Buffer.from(line), key));
    sums += line;
  }
  writeFileSync(path.join(dir, 'SHA256SUMS'), sums);
  writeFileSync(path.join(dir, 'SHA256SUMS.sig'), sign(null, Buffer.from(sums), key));
  writeFileSync(
    path.join(dir, RELEASE_PUBLIC_KEY_FILE),
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  return dir;
}

// The first test app of a run builds the seeded template database: slow on a busy machine.
describe.each(DRIVERS)('demo fwportal builds (%s)', { timeout: 120_000 }, (driver) => {
  let t: TestApp;
  const folders: string[] = [];
  afterEach(async () => {
    await t?.close();
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const versionsOf = (code: string) =>
    t.db
      .select({
        version: catalogVersions.version,
        fileName: catalogVersions.fileName,
        os: catalogVersions.os,
        arch: catalogVersions.arch,
        id: catalogVersions.id,
      })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(eq(catalogItems.code, code));

  it('lists the builds under Tools, one item per platform, once; a customer downloads each with the release signature it was published with', async () => {
    t = await createTestApp(driver);
    const { privateKey } = generateKeyPairSync('ed25519');
    const linux = randomBytes(2048);
    const windows = randomBytes(1024);
    const dir = buildFolder(privateKey, {
      'fwportal-1.2.0-linux-x64': linux,
      'fwportal-1.2.0-win-x64.exe': windows,
    });
    folders.push(dir);
    expect(await seedCliBuilds(t.db, t.app.services.store, { dir })).toBe(2);
    // Every start runs it again: nothing new, nothing added.
    expect(await seedCliBuilds(t.db, t.app.services.store, { dir })).toBe(0);

    const items = await t.db
      .select({ code: catalogItems.code, kind: catalogItems.kind })
      .from(catalogItems)
      .where(
        inArray(
          catalogItems.code,
          ['linux-x64', 'linux-arm64', 'win-x64'].map((p) => `fwportal-${p}`),
        ),
      );
    expect(items.map((item) => item.kind)).toEqual(['TOOL', 'TOOL', 'TOOL']);
    const [linuxBuild] = await versionsOf(fwportalItemCode('linux-x64'));
    expect(linuxBuild).toMatchObject({ version: '1.2.0', os: 'Linux', arch: 'x86_64' });
    expect(await versionsOf(fwportalItemCode('win-x64'))).toMatchObject([
      { version: '1.2.0', fileName: 'fwportal-1.2.0-win-x64.exe', os: 'Windows', arch: 'x86_64' },
    ]);
    expect(await versionsOf(fwportalItemCode('linux-arm64'))).toEqual([]);

    const customer = await createUser(t.db, { roleCodes: ['customer'] });
    const headers = { authorization: `Bearer ${await tokenFor(t.app, customer.account, customer.password)}` };
    const download = await t.app.inject({ url: `/api/downloads/${linuxBuild!.id}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(linux)).toBe(true);
    // The release signature, byte for byte as built, over the very SHA256SUMS the portal serves:
    // self-update checks it with the release key; the portal's own signature is another key's.
    const published = await t.app.inject({ url: `/api/downloads/${linuxBuild!.id}/release.sig`, headers });
    expect(published.statusCode).toBe(200);
    expect(published.rawPayload.equals(readFileSync(path.join(dir, 'fwportal-1.2.0-linux-x64.sig')))).toBe(
      true,
    );
    const sums = await t.app.inject({ url: `/api/downloads/${linuxBuild!.id}/SHA256SUMS`, headers });
    const portalSignature = await t.app.inject({
      url: `/api/downloads/${linuxBuild!.id}/SHA256SUMS.sig`,
      headers,
    });
    expect(verify(null, sums.rawPayload, createPublicKey(privateKey), published.rawPayload)).toBe(true);
    expect(verify(null, sums.rawPayload, createPublicKey(privateKey), portalSignature.rawPayload)).toBe(
      false,
    );
  });

  it('serves no release signature for a version published without one, nor to who may not see the version', async () => {
    t = await createTestApp(driver);
    const { privateKey } = generateKeyPairSync('ed25519');
    const dir = buildFolder(privateKey, { 'fwportal-1.2.0-linux-x64': randomBytes(256) });
    folders.push(dir);
    expect(await seedCliBuilds(t.db, t.app.services.store, { dir })).toBe(1);
    const [build] = await versionsOf(fwportalItemCode('linux-x64'));
    // The fwportal items are for signed-in accounts: nothing to anyone else, answered as its
    // SHA256SUMS is (the version is not shown to exist).
    const anonymous = await t.app.inject({ url: `/api/downloads/${build!.id}/release.sig` });
    const anonymousSums = await t.app.inject({ url: `/api/downloads/${build!.id}/SHA256SUMS` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymousSums.statusCode).toBe(404);
    expect(anonymous.rawPayload.includes(readFileSync(path.join(dir, 'fwportal-1.2.0-linux-x64.sig')))).toBe(
      false,
    );

    const customer = await createUser(t.db, { roleCodes: ['customer'] });
    const headers = {
      authorization: `Bearer ${await tokenFor(t.app, customer.account, customer.password)}`,
      'accept-language': 'en-US',
    };
    // Any other version: published without a release signature.
    const item = await createItem(t.db, { kind: 'TOOL' });
    const firmware = await createVersion(t.db, t.app.services.store, { itemId: item.id, version: '1.0.0' });
    const none = await t.app.inject({ url: `/api/downloads/${firmware.id}/release.sig`, headers });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: ErrorCode.FILE_NOT_FOUND, message: 'File does not exist' });
  });

  it('lists nothing whose SHA256SUMS or .sig is not signed by the release key beside it, nor a file whose bytes are not the signed ones', async () => {
    t = await createTestApp(driver);
    const { privateKey } = generateKeyPairSync('ed25519');
    const foreign = buildFolder(
      privateKey,
      { 'fwportal-1.3.0-linux-x64': randomBytes(512) },
      undefined,
      createPublicKey(generateKeyPairSync('ed25519').privateKey),
    );
    const swapped = buildFolder(
      privateKey,
      { 'fwportal-1.4.0-linux-x64': randomBytes(512) },
      { 'fwportal-1.4.0-linux-x64': randomBytes(512) },
    );
    const noSignature = buildFolder(privateKey, { 'fwportal-1.5.0-linux-x64': randomBytes(512) });
    unlinkSync(path.join(noSignature, 'fwportal-1.5.0-linux-x64.sig'));
    folders.push(foreign, swapped, noSignature);
    const logged: string[] = [];
    const log = (message: string) => logged.push(message);
    for (const dir of [foreign, swapped, noSignature])
      expect(await seedCliBuilds(t.db, t.app.services.store, { dir, log })).toBe(0);
    expect(await versionsOf(fwportalItemCode('linux-x64'))).toEqual([]);
    expect(logged).toEqual([
      expect.stringContaining('SHA256SUMS is not signed by release-ed25519.pub.pem'),
      expect.stringContaining('not the signed SHA-256'),
      expect.stringContaining('without its release signature'),
    ]);
  });
});
