import { Readable } from 'node:stream';
import { ErrorCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, downloadRecords } from '../../db/schema';
import { createModel, createServer } from '../../test/catalog-factories';
import { publicItemCode, publishedItem, signedInUser } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { tokenFor } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { addVersion, sha256 } from './downloads-test-kit';

const CHINESE_NAME = 'M7 固件 "测试" 2.0.tar.gz';
const EARLY_ACCESS_ORGANISATION = 'Early Access Co';

describe.each(DRIVERS)('downloading a version on %s', (driver) => {
  let t: TestApp;
  /** A customer of the organisation the early-access item is granted to. */
  let member: string;
  let plain: string;
  let plainId: number;
  let staff: string;
  let publicCode: string;
  let big: Awaited<ReturnType<typeof addVersion>>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    member = (await signedInUser(t, { roleCodes: ['customer'], organisation: EARLY_ACCESS_ORGANISATION }))
      .token;
    const plainUser = await createUser(t.db, { roleCodes: ['customer'], company: 'Nobody Ltd' });
    plainId = plainUser.id;
    plain = await tokenFor(t.app, plainUser.account, plainUser.password);
    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    staff = await tokenFor(t.app, staffUser.account, staffUser.password);
    publicCode = await publicItemCode(t);
    big = await addVersion(t, { itemCode: publicCode, fileName: CHINESE_NAME, size: 300_000 });
  }, 60_000);
  afterAll(() => t.close());

  const download = (
    versionId: number,
    options: {
      token?: string | null;
      headers?: Record<string, string>;
      method?: 'GET' | 'HEAD';
      query?: string;
    } = {},
  ) =>
    t.app.inject({
      method: options.method ?? 'GET',
      url: `/api/downloads/${versionId}?locale=en-US${options.query ?? ''}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
    });
  const recordsOf = async (versionId: number) => {
    await t.app.services.downloads.drain();
    return t.db.select().from(downloadRecords).where(eq(downloadRecords.versionId, versionId));
  };
  const countOf = async (versionId: number) => {
    await t.app.services.downloads.drain();
    const [row] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, versionId));
    return row?.downloadCount;
  };

  it('lets anyone download public items and checks every other one like the catalogue does', async () => {
    const publicAnswer = await download(big.id);
    expect(publicAnswer.statusCode).toBe(200);
    expect(publicAnswer.rawPayload.equals(big.bytes)).toBe(true);

    const signedIn = (await publishedItem(t, { kind: 'SOFTWARE', visibility: 'signed_in' })).version;
    const refused = await download(signedIn.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, code: ErrorCode.CATALOG_NOT_VISIBLE });
    expect((await download(signedIn.id, { token: plain })).statusCode).toBe(200);

    // Restricted to one organisation: others get the same answer as for nothing at all.
    const early = (
      await publishedItem(t, { visibility: 'restricted', grants: [['customer', EARLY_ACCESS_ORGANISATION]] })
    ).version;
    expect((await download(early.id, { token: member })).statusCode).toBe(200);
    expect((await download(early.id, { token: staff })).statusCode).toBe(200);
    for (const [versionId, token] of [
      [early.id, plain],
      [early.id, null],
      [2_000_000, member],
    ] as const) {
      const answer = await download(versionId, { token });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
      expect(answer.json().message).toBe('Firmware does not exist or there is no permission to query it');
    }

    // Restricted by a model's verified SN (and a staff role): the lab build.
    const labModel = await createModel(t.db);
    const lab = (
      await publishedItem(t, {
        kind: 'BIOS',
        visibility: 'restricted',
        grants: [
          ['model', labModel.code],
          ['role', 'staff'],
        ],
      })
    ).version;
    const labServer = await createServer(t.db, { modelId: labModel.id, customer: 'Contoso Lab' });
    const labUser = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Contoso Lab' });
    await t.app.services.serials.bind(labUser.id, labServer.sn, 'en-US');
    const labToken = await tokenFor(t.app, labUser.account, labUser.password);
    const admin = await adminToken(t.app);
    for (const token of [labToken, staff, admin])
      expect((await download(lab.id, { token })).statusCode).toBe(200);
    for (const token of [member, plain, null])
      expect((await download(lab.id, { token })).json().code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);

    // Recalled and draft versions: customers cannot download them, publishers still can.
    const recalled = await addVersion(t, {
      itemCode: publicCode,
      fileName: 'old.tar.gz',
      status: 'recalled',
    });
    const draft = await addVersion(t, { itemCode: publicCode, fileName: 'new.tar.gz', status: 'draft' });
    for (const versionId of [recalled.id, draft.id]) {
      expect((await download(versionId)).json().code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
      expect((await download(versionId, { token: member })).json().code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
      expect((await download(versionId, { token: staff })).statusCode).toBe(200);
    }

    // A bad bearer token fails like on any API route (not silently anonymous).
    expect((await download(big.id, { token: 'x'.repeat(10) })).json().code).toBe(ErrorCode.TOKEN_INVALID);
    expect((await download(0)).statusCode).toBe(400);
  });

  it('sends the headers a download manager needs, with the UTF-8 file name', async () => {
    const answer = await download(big.id);
    expect(answer.headers).toMatchObject({
      'accept-ranges': 'bytes',
      etag: `"${big.sha256}"`,
      'content-type': 'application/octet-stream',
      'content-length': String(big.bytes.length),
      'last-modified': 'Sat, 10 Oct 2026 08:00:00 GMT',
      'content-disposition':
        `attachment; filename="M7 __ ____ 2.0.tar.gz"; ` +
        `filename*=UTF-8''M7%20%E5%9B%BA%E4%BB%B6%20%22%E6%B5%8B%E8%AF%95%22%202.0.tar.gz`,
    });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(sha256(answer.rawPayload)).toBe(big.sha256);
    // The encoded name decodes back to the real one.
    const encoded = /filename\*=UTF-8''(.+)$/.exec(String(answer.headers['content-disposition']))?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(CHINESE_NAME);
  });

  it('answers single, suffix, open-ended and merged ranges, and 416 outside the file', async () => {
    const size = big.bytes.length;
    const ranged = async (range: string, expected: { start: number; end: number } | 'full') => {
      const answer = await download(big.id, { headers: { range } });
      if (expected === 'full') {
        expect(answer.statusCode, range).toBe(200);
        expect(answer.headers['content-range'], range).toBeUndefined();
        expect(answer.rawPayload.equals(big.bytes), range).toBe(true);
        return;
      }
      expect(answer.statusCode, range).toBe(206);
      expect(answer.headers['content-range'], range).toBe(`bytes ${expected.start}-${expected.end}/${size}`);
      expect(answer.headers['content-length'], range).toBe(String(expected.end - expected.start + 1));
      expect(answer.rawPayload.equals(big.bytes.subarray(expected.start, expected.end + 1)), range).toBe(
        true,
      );
    };
    await ranged('bytes=0-99', { start: 0, end: 99 });
    await ranged('bytes=0-0', { start: 0, end: 0 });
    await ranged('bytes=-500', { start: size - 500, end: size - 1 });
    await ranged(`bytes=-${size + 10}`, { start: 0, end: size - 1 });
    await ranged('bytes=100-', { start: 100, end: size - 1 });
    await ranged(`bytes=${size - 1}-${size + 1000}`, { start: size - 1, end: size - 1 });
    // Overlapping and adjacent ranges merge into one; ranges that stay apart get the whole file.
    await ranged('bytes=0-99,50-199', { start: 0, end: 199 });
    await ranged('bytes=100-199,0-99', { start: 0, end: 199 });
    await ranged('bytes=0-9,20-29', 'full');
    // Malformed headers and other units are ignored.
    for (const range of ['bytes=abc', 'bytes=5-1', 'items=0-1', 'bytes=', 'bytes=-'])
      await ranged(range, 'full');

    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 9}`, 'bytes=-0']) {
      const answer = await download(big.id, { headers: { range } });
      expect(answer.statusCode, range).toBe(416);
      expect(answer.headers['content-range']).toBe(`bytes */${size}`);
      expect(answer.json()).toMatchObject({
        code: ErrorCode.RANGE_NOT_SATISFIABLE,
        message: `The requested range is outside the file (${size} bytes)`,
      });
    }
  });

  it('honours If-Range only while the ETag (or date) still names the file', async () => {
    const etag = `"${big.sha256}"`;
    const partial = await download(big.id, { headers: { range: 'bytes=10-19', 'if-range': etag } });
    expect(partial.statusCode).toBe(206);
    expect(partial.rawPayload.equals(big.bytes.subarray(10, 20))).toBe(true);
    for (const ifRange of [`"${'0'.repeat(64)}"`, `W/${etag}`, 'Fri, 01 Jan 2021 00:00:00 GMT']) {
      const full = await download(big.id, { headers: { range: 'bytes=10-19', 'if-range': ifRange } });
      expect(full.statusCode, ifRange).toBe(200);
      expect(full.rawPayload.equals(big.bytes), ifRange).toBe(true);
    }
    const dated = await download(big.id, {
      headers: { range: 'bytes=10-19', 'if-range': 'Sat, 10 Oct 2026 08:00:00 GMT' },
    });
    expect(dated.statusCode).toBe(206);
  });

  it('answers HEAD with the headers and no body, and does not record it', async () => {
    const version = await addVersion(t, { itemCode: publicCode, fileName: 'head.tar.gz', size: 5000 });
    const head = await download(version.id, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('5000');
    expect(head.headers.etag).toBe(`"${version.sha256}"`);
    expect(head.rawPayload.length).toBe(0);
    const ranged = await download(version.id, { method: 'HEAD', headers: { range: 'bytes=-100' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 4900-4999/5000');
    expect(await recordsOf(version.id)).toEqual([]);
    expect(await countOf(version.id)).toBe(0);
  });

  it('records every GET and counts a download when a response delivers the last byte', async () => {
    const version = await addVersion(t, { itemCode: publicCode, fileName: 'count.tar.gz', size: 10_000 });
    // One at a time: records are written in the background, in whatever order they finish.
    await download(version.id, { token: plain });
    await t.app.services.downloads.drain();
    await download(version.id, { headers: { range: 'bytes=0-99' } });
    await t.app.services.downloads.drain();
    expect(await countOf(version.id)).toBe(1);
    // A resumed download: the request that reaches the end counts it.
    await download(version.id, { headers: { range: 'bytes=100-' } });
    await t.app.services.downloads.drain();
    await download(version.id, { headers: { range: 'bytes=50000-' } });
    expect(await countOf(version.id)).toBe(2);
    const records = (await recordsOf(version.id)).sort((a, b) => a.id - b.id);
    expect(records.map((r) => [r.userId, r.bytes, r.range, r.status])).toEqual([
      [plainId, 10_000, '', 'complete'],
      [null, 100, 'bytes=0-99', 'complete'],
      [null, 9_900, 'bytes=100-9999', 'complete'],
    ]);
    expect(records[0]?.ip).toBe('127.0.0.1');
  });

  it('answers FILE_NOT_FOUND, or DOCUMENT_NOT_FOUND for a document, when the store lost the file', async () => {
    const firmware = await addVersion(t, { itemCode: publicCode, fileName: 'lost.tar.gz', size: 100 });
    await t.app.services.store.remove(firmware.storageKey);
    const lost = await download(firmware.id);
    expect(lost.statusCode).toBe(404);
    expect(lost.json()).toMatchObject({ code: ErrorCode.FILE_NOT_FOUND, message: 'File does not exist' });

    // Bytes that are not the published ones (a different size) are never sent.
    const changed = await addVersion(t, { itemCode: publicCode, fileName: 'changed.tar.gz', size: 100 });
    await t.app.services.store.put(changed.storageKey, Readable.from([Buffer.alloc(99)]));
    const refused = await download(changed.id);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.DOWNLOAD_FAILED,
      message: 'Download failed, please try again later',
    });

    const guide = (await publishedItem(t, { kind: 'DOCUMENT', visibility: 'signed_in' })).version;
    await t.app.services.store.remove(guide.storageKey);
    const missing = await download(guide.id, { token: member });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: ErrorCode.DOCUMENT_NOT_FOUND,
      message: 'Documentation does not exist',
    });
    const chinese = await t.app.inject({
      url: `/api/downloads/${guide.id}?locale=zh-CN`,
      headers: { authorization: `Bearer ${member}` },
    });
    expect(chinese.json().message).not.toBe('Documentation does not exist');
    expect(await recordsOf(guide.id)).toEqual([]);
  });
});
