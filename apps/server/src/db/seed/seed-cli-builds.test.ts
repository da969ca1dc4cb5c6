import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fwportalItemCode } from '@portal/contract/cli-builds';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { tokenFor } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { catalogItems, catalogVersions } from '../schema';
import { seedCliBuilds } from './seed-cli-builds';

/** A build folder as `npm run build:cli-binaries` leaves it, SHA256SUMS signed with `key`. */
function buildFolder(key: KeyObject, files: Record<string, Buffer>, listed: Record<string, Buffer> = files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-binaries-'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
  const sums = Object.entries(listed)
    .map(([name, bytes]) => `${createHash('sha256').update(bytes).digest('hex')}  ${name}\n`)
    .join('');
  writeFileSync(path.join(dir, 'SHA256SUMS'), sums);
  writeFileSync(path.join(dir, 'SHA256SUMS.sig'), sign(null, Buffer.from(sums), key));
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

  /** The portal's own release key (created on first use, as the build script finds it). */
  async function releaseKey() {
    const publicKeyPem = await t.app.services.manifests.publicKeyPem();
    const privateKey = createPrivateKey(readFileSync(path.join(t.dataDir, 'keys', 'release-ed25519.pem')));
    return { publicKeyPem, privateKey };
  }

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

  it('lists the signed builds under Tools, one item per platform, once; a customer downloads them', async () => {
    t = await createTestApp(driver);
    const { publicKeyPem, privateKey } = await releaseKey();
    const linux = randomBytes(2048);
    const windows = randomBytes(1024);
    const dir = buildFolder(privateKey, {
      'fwportal-1.2.0-linux-x64': linux,
      'fwportal-1.2.0-win-x64.exe': windows,
    });
    folders.push(dir);
    expect(await seedCliBuilds(t.db, t.app.services.store, publicKeyPem, { dir })).toBe(2);
    // Every start runs it again: nothing new, nothing added.
    expect(await seedCliBuilds(t.db, t.app.services.store, publicKeyPem, { dir })).toBe(0);

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
    const download = await t.app.inject({
      url: `/api/downloads/${linuxBuild!.id}`,
      headers: { authorization: `Bearer ${await tokenFor(t.app, customer.account, customer.password)}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(linux)).toBe(true);
  });

  it('lists nothing signed by another key, nor a file whose bytes are not the signed ones', async () => {
    t = await createTestApp(driver);
    const { publicKeyPem, privateKey } = await releaseKey();
    const foreign = buildFolder(generateKeyPairSync('ed25519').privateKey, {
      'fwportal-1.3.0-linux-x64': randomBytes(512),
    });
    const swapped = buildFolder(
      privateKey,
      { 'fwportal-1.4.0-linux-x64': randomBytes(512) },
      { 'fwportal-1.4.0-linux-x64': randomBytes(512) },
    );
    folders.push(foreign, swapped);
    const logged: string[] = [];
    const log = (message: string) => logged.push(message);
    expect(await seedCliBuilds(t.db, t.app.services.store, publicKeyPem, { dir: foreign, log })).toBe(0);
    expect(await seedCliBuilds(t.db, t.app.services.store, publicKeyPem, { dir: swapped, log })).toBe(0);
    expect(await versionsOf(fwportalItemCode('linux-x64'))).toEqual([]);
    expect(logged).toEqual([
      expect.stringContaining("not signed by this portal's release key"),
      expect.stringContaining('not the signed SHA-256'),
    ]);
  });
});
