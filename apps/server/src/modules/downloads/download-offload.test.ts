import { ErrorCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, downloadRecords } from '../../db/schema';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { addVersion, seededVersion } from './downloads-test-kit';

describe.each(DRIVERS)('downloads offloaded to nginx (X-Accel-Redirect) on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      catalog: true,
      config: { DOWNLOAD_OFFLOAD: 'x-accel', DOWNLOAD_OFFLOAD_PREFIX: '/protected-files/' },
    });
  }, 60_000);
  afterAll(() => t.close());

  it('checks access, records, then names the stored file for nginx instead of sending it', async () => {
    const version = await addVersion(t, { itemCode: 'livecd-x86', fileName: '固件 x.tar.gz', size: 5000 });
    const answer = await t.app.inject({ url: `/api/downloads/${version.id}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-accel-redirect']).toBe(`/protected-files/${version.storageKey}`);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="__ x.tar.gz"; filename*=UTF-8''%E5%9B%BA%E4%BB%B6%20x.tar.gz`,
    );
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.rawPayload.length).toBe(0);
    await t.app.inject({ url: `/api/downloads/${version.id}`, headers: { range: 'bytes=100-' } });
    await t.app.inject({ method: 'HEAD', url: `/api/downloads/${version.id}` });
    await t.app.services.downloads.drain();
    const records = await t.db
      .select()
      .from(downloadRecords)
      .where(eq(downloadRecords.versionId, version.id));
    expect(records.map((r) => [r.status, r.range]).sort()).toEqual([
      ['redirect', ''],
      ['redirect', 'bytes=100-'],
    ]);
    const [row] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, version.id));
    expect(row?.downloadCount).toBe(1);

    const hidden = await seededVersion(t, 'ims-platform');
    const refused = await t.app.inject({ url: `/api/downloads/${hidden.id}` });
    expect(refused.json().code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
    expect(refused.headers['x-accel-redirect']).toBeUndefined();
  });
});
