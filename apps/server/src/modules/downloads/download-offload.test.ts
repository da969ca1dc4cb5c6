import { ErrorCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, downloadRecords } from '../../db/schema';
import { publicItemCode, publishedItem } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { addVersion } from './downloads-test-kit';

describe.each(DRIVERS)('downloads offloaded to nginx (X-Accel-Redirect) on %s', (driver) => {
  let t: TestApp;
  let itemCode: string;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      config: {
        DOWNLOAD_OFFLOAD: 'x-accel',
        DOWNLOAD_OFFLOAD_PREFIX: '/protected-files/',
        API_ACCOUNT_BYTES_PER_DAY: 10_000,
      },
    });
    itemCode = await publicItemCode(t);
  }, 60_000);
  afterAll(() => t.close());

  it('checks access, records, then names the stored file for nginx instead of sending it', async () => {
    const version = await addVersion(t, { itemCode, fileName: '固件 x.tar.gz', size: 5000 });
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

    const { version: hidden } = await publishedItem(t, { kind: 'SOFTWARE', visibility: 'signed_in' });
    const refused = await t.app.inject({ url: `/api/downloads/${hidden.id}` });
    expect(refused.json().code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
    expect(refused.headers['x-accel-redirect']).toBeUndefined();
  });

  it('charges a token the bytes nginx will send, not a range nginx would ignore', async () => {
    const version = await addVersion(t, { itemCode, fileName: 'big.iso', size: 4000 });
    const owner = await createUser(t.db, { roleCodes: ['customer'] });
    const { token } = await t.app.services.apiTokens.create(owner.id, {
      name: 'offload',
      scopes: ['download'],
      expiresInDays: 1,
    });
    const get = (headers: Record<string, string>) =>
      t.app.inject({
        url: `/api/downloads/${version.id}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    // nginx ignores "bytes =0-0" (space) and answers a mismatching If-Range with the whole file:
    // each is charged the whole 4,000 bytes, so the third of them no longer fits in 10,000.
    expect((await get({ range: 'bytes =0-0' })).statusCode).toBe(200);
    expect((await get({ range: 'bytes=0-0', 'if-range': '"x"' })).statusCode).toBe(200);
    expect((await get({ range: 'bytes =0-0' })).statusCode).toBe(429);
    // A range in nginx's own form is charged as asked: 1,000 of the 2,000 left.
    expect((await get({ range: 'bytes=0-999' })).statusCode).toBe(200);
    expect((await get({ range: 'bytes=0-999' })).statusCode).toBe(200);
    expect((await get({ range: 'bytes=0-0' })).statusCode).toBe(429);
  });
});
