import { type DownloadRecordPage, ErrorCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRecords } from '../../db/schema';
import { StoreUnavailableError } from '../../lib/file-store/file-store';
import { createItem } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { DOWNLOAD_COUNT_WINDOW_MS } from './download.service';
import { addVersion } from './downloads-test-kit';

describe.each(DRIVERS)('download records of the personal center on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 60_000);
  afterAll(() => t.close());

  it('lists only my records, newest first, paged, with the item name in my language', async () => {
    const alice = await createUser(t.db, { roleCodes: ['customer'] });
    const bob = await createUser(t.db, { roleCodes: ['customer'] });
    const aliceToken = await tokenFor(t.app, alice.account, alice.password);
    const bobToken = await tokenFor(t.app, bob.account, bob.password);
    const item = await createItem(t.db, { kind: 'LIVECD', visibility: 'public' });
    const version = await addVersion(t, { itemCode: item.code, fileName: 'records.tar.gz', size: 1000 });
    const fetch = (token: string, range?: string) =>
      t.app.inject({
        url: `/api/downloads/${version.id}`,
        headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) },
      });
    // Three downloads of Alice, each more than the counting window apart; the second one cut
    // and resumed (two requests, one download).
    for (const ranges of [[undefined], ['bytes=0-99', 'bytes=100-'], [undefined]]) {
      for (const range of ranges) {
        await fetch(aliceToken, range);
        await t.app.services.downloads.drain();
        t.clock.advance(1000);
      }
      t.clock.advance(DOWNLOAD_COUNT_WINDOW_MS);
    }
    await fetch(bobToken);
    await t.app.services.downloads.drain();

    const page = (token: string, query: string) =>
      withToken<DownloadRecordPage>(t.app, token, { url: `/api/sysUser/downloadRecords?${query}` });
    const first = await page(aliceToken, 'pageNo=1&pageSize=2&locale=en-US');
    expect(first.status).toBe(200);
    expect(first.body.data.totalRows).toBe(3);
    expect(first.body.data.pageNo).toBe(1);
    // Each row is a download: the resumed one is one row for the whole file.
    expect(first.body.data.rows.map((r) => [r.range, r.bytes, r.status])).toEqual([
      ['', 1000, 'complete'],
      ['', 1000, 'complete'],
    ]);
    expect(first.body.data.rows[0]).toMatchObject({
      versionId: version.id,
      itemCode: item.code,
      itemName: item.nameEn,
      fileName: 'records.tar.gz',
      ip: '127.0.0.1',
    });
    const second = await page(aliceToken, 'pageNo=2&pageSize=2&locale=zh-CN');
    expect(second.body.data.rows.map((r) => [r.range, r.itemName])).toEqual([['', item.nameZh]]);

    const bobs = await page(bobToken, '');
    expect(bobs.body.data.totalRows).toBe(1);
    expect(bobs.body.data.rows.map((r) => r.bytes)).toEqual([1000]);

    expect((await page(aliceToken, 'pageSize=101')).status).toBe(400);
    const anonymous = await t.app.inject({ url: '/api/sysUser/downloadRecords' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ErrorCode.TOKEN_EMPTY);
  });
});

describe.each(DRIVERS)('a download whose file cannot be read after its record was begun (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 60_000);
  afterAll(() => t.close());

  it('answers 503 and completes the record with nothing sent, never leaving it "started"', async () => {
    const item = await createItem(t.db, { kind: 'LIVECD', visibility: 'public' });
    const version = await addVersion(t, { itemCode: item.code, fileName: 'away.tar.gz', size: 1000 });
    const store = t.app.services.store;
    const open = store.open.bind(store);
    // The store goes away between the access check (its size and checksum come from the row)
    // and the read of the file.
    store.open = () => Promise.reject(new StoreUnavailableError('object store unavailable'));
    try {
      const answer = await t.app.inject({ url: `/api/downloads/${version.id}` });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    } finally {
      store.open = open;
    }
    await t.app.services.downloads.drain();
    const rows = await t.db.select().from(downloadRecords).where(eq(downloadRecords.versionId, version.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'partial', bytes: 0, counted: false })]);
  });
});
