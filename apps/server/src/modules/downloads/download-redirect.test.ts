import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/connection';
import { catalogVersions, downloadRecords } from '../../db/schema';
import { seedDatabase } from '../../db/seed/seed';
import { LocalFileStore } from '../../lib/file-store/local-file-store';
import { createItem, createVersion } from '../../test/catalog-factories';
import { ADMIN_PASSWORD, DRIVERS, openTestDatabase } from '../../test/test-app';

/** A store that, like object storage, hands out presigned URLs (recording what it was asked). */
class PresigningStore extends LocalFileStore {
  readonly asked: { key: string; fileName: string; expiresInSeconds: number }[] = [];
  async presignedDownloadUrl(key: string, options: { fileName: string; expiresInSeconds: number }) {
    this.asked.push({ key, ...options });
    return `https://storage.example/${key}?X-Amz-Signature=abc`;
  }
}

describe.each(DRIVERS)('downloads from object storage on %s', (driver) => {
  let database: Database;
  let dataDir: string;
  let store: PresigningStore;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.migrate();
    await seedDatabase(database.db, { admin: ADMIN_PASSWORD }, new Date(), { demo: false });
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-redirect-'));
    store = new PresigningStore(path.join(dataDir, 'files'));
    const config = loadConfig({ CAPTCHA: 'off', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir });
    app = await buildApp({ config, database, fileStore: store, logger: false });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 302 to a presigned URL after the access check, and records it as a redirect', async () => {
    const item = await createItem(database.db, { kind: 'LIVECD', visibility: 'public' });
    const version = await createVersion(database.db, store, { itemId: item.id, version: '2.4.0' });
    const answer = await app.inject({ url: `/api/downloads/${version.id}` });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`https://storage.example/${version.storageKey}?X-Amz-Signature=abc`);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(store.asked).toEqual([
      { key: version.storageKey, fileName: version.fileName, expiresInSeconds: 300 },
    ]);
    await app.inject({ url: `/api/downloads/${version.id}`, headers: { range: 'bytes=10-' } });
    await app.services.downloads.drain();
    const records = await database.db
      .select()
      .from(downloadRecords)
      .where(eq(downloadRecords.versionId, version.id));
    expect(records.map((r) => [r.status, r.bytes, r.range]).sort()).toEqual([
      ['redirect', 0, ''],
      ['redirect', 0, 'bytes=10-'],
    ]);
    const [counted] = await database.db
      .select()
      .from(catalogVersions)
      .where(eq(catalogVersions.id, version.id));
    expect(counted?.downloadCount).toBe(version.downloadCount + 1);

    // No URL for what the viewer may not see.
    const signedIn = await createItem(database.db, { kind: 'SOFTWARE', visibility: 'signed_in' });
    const hidden = await createVersion(database.db, store, { itemId: signedIn.id, version: '3.1.0' });
    const refused = await app.inject({ url: `/api/downloads/${hidden.id}` });
    expect(refused.json().code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
    expect(store.asked).toHaveLength(2);
  });
});
