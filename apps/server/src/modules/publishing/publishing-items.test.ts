import { ErrorCode, type Page, type PublishItem, type PublishVersion } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createItem, createModel, createVersion } from '../../test/catalog-factories';
import { grantItem } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { archives, filesUnder, itemInput, multipartBody, uploadVersion } from './publishing-test-kit';

/**
 * Six items, one of them restricted to a company, each with published versions for a model
 * (the BMC item with several, on different dates); the number of versions built.
 */
async function buildCatalogue(t: TestApp): Promise<number> {
  const { store } = t.app.services;
  const modelIds = [(await createModel(t.db)).id];
  const items: [string, string, ('public' | 'signed_in' | 'restricted')?][] = [
    ['m7-bmc', 'BMC'],
    ['m7-bmc-early-access', 'BMC', 'restricted'],
    ['m6-bmc', 'BMC'],
    ['m7-bios', 'BIOS'],
    ['m6-bios', 'BIOS'],
    ['ims-cli', 'SOFTWARE', 'public'],
  ];
  let versions = 0;
  for (const [code, kind, visibility] of items) {
    const item = await createItem(t.db, { code, kind, visibility });
    if (visibility === 'restricted') await grantItem(t.db, item.id, ['customer', 'Contoso Cloud Co., Ltd.']);
    const dates = code === 'm7-bmc' ? ['2026-01-10', '2026-05-10', '2026-03-10'] : ['2026-02-01'];
    for (const [n, releaseDate] of dates.entries()) {
      await createVersion(t.db, store, { itemId: item.id, version: `1.${n}.0`, releaseDate, modelIds });
      versions += 1;
    }
  }
  return versions;
}

describe.each(DRIVERS)('publishing items and permissions on %s', (driver) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let versionsBuilt: number;
  beforeEach(async () => {
    t = await createTestApp(driver);
    versionsBuilt = await buildCatalogue(t);
    const user = await createUser(t.db, { roleCodes: ['staff'] });
    staff = await tokenFor(t.app, user.account, user.password);
    const customerUser = await createUser(t.db, { roleCodes: ['customer'] });
    customer = await tokenFor(t.app, customerUser.account, customerUser.password);
  });
  afterEach(() => t.close());

  it('refuses customers (403) and signed-out callers (401) on every publishing route, before reading a body', async () => {
    const image = multipartBody([{ name: 'file', filename: 'a.png', content: Buffer.from('x') }]);
    const routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/publishing/items' },
      { method: 'POST', url: '/api/publishing/items', payload: itemInput() },
      { method: 'PUT', url: '/api/publishing/items/1', payload: itemInput() },
      { method: 'GET', url: '/api/publishing/items/1/versions' },
      { method: 'GET', url: '/api/publishing/versions/1' },
      { method: 'POST', url: '/api/publishing/versions/1/publish' },
      { method: 'POST', url: '/api/publishing/versions/1/recall', payload: { reason: 'x' } },
      { method: 'DELETE', url: '/api/publishing/versions/1' },
      { method: 'PUT', url: '/api/publishing/versions/1/notes', payload: { notes: [] } },
      { method: 'GET', url: '/api/releaseNote/manage' },
      { method: 'POST', url: '/api/releaseNote/manage', payload: {} },
      { method: 'DELETE', url: '/api/releaseNote/manage/1' },
    ];
    for (const route of routes) {
      const refused = await withToken(t.app, customer, { ...route, url: `${route.url}?locale=en-US` });
      expect(refused.status, route.url).toBe(403);
      expect(refused.body).toMatchObject({
        code: ErrorCode.NO_PERMISSION_RESOURCE,
        message: `No permission to access the resource: ${route.url}`,
      });
      const anonymous = await t.app.inject({ method: route.method, url: route.url, payload: route.payload });
      expect(anonymous.statusCode, route.url).toBe(401);
    }
    const before = filesUnder(t);
    const upload = await uploadVersion(t, customer, 1, { filename: 'x.tar.gz', content: archives.tarGz() });
    expect(upload.status).toBe(403);
    const images = await t.app.inject({
      method: 'POST',
      url: '/api/publishing/editor/images',
      payload: image.payload,
      headers: { authorization: `Bearer ${customer}`, 'content-type': image.contentType },
    });
    expect(images.statusCode).toBe(403);
    expect(filesUnder(t)).toEqual(before);
  });

  it('lists every item (restricted ones too) with grants and version counts, filtered and paged', async () => {
    const page = await withToken<Page<PublishItem>>(t.app, staff, {
      url: '/api/publishing/items?pageSize=100',
    });
    expect(page.status).toBe(200);
    expect(page.body.data.totalRows).toBe(page.body.data.rows.length);
    const restricted = page.body.data.rows.filter((item) => item.visibility === 'restricted');
    expect(restricted.length).toBeGreaterThan(0);
    expect(restricted.some((item) => item.grants.length > 0)).toBe(true);
    const counted = page.body.data.rows.reduce(
      (sum, item) => sum + item.counts.draft + item.counts.published + item.counts.recalled,
      0,
    );
    expect(counted).toBe(versionsBuilt);
    expect(page.body.data.rows.every((item) => item.counts.published > 0)).toBe(true);

    const bmc = await withToken<Page<PublishItem>>(t.app, staff, {
      url: '/api/publishing/items?kind=BMC&q=m7&pageSize=5',
    });
    // The restricted early-access item is a BMC item of the M7 family too: staff see it.
    expect(bmc.body.data.rows.map((item) => item.code).sort()).toEqual(['m7-bmc', 'm7-bmc-early-access']);
    expect(bmc.body.data.rows.every((item) => item.latestVersion !== null)).toBe(true);
    const second = await withToken<Page<PublishItem>>(t.app, staff, {
      url: '/api/publishing/items?pageNo=2&pageSize=3',
    });
    expect(second.body.data).toMatchObject({ pageNo: 2, totalRows: page.body.data.totalRows });
    expect(second.body.data.rows.map((item) => item.id)).toEqual(
      page.body.data.rows.slice(3, 6).map((item) => item.id),
    );
  });

  it('creates and edits an item with normalised grants; a taken code is refused', async () => {
    const created = await withToken<PublishItem>(t.app, staff, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput({
        visibility: 'restricted',
        grants: [
          { grantType: 'customer', value: '  Demo Cloud Co., Ltd. ' },
          { grantType: 'sn', value: ' sn-abc ' },
          { grantType: 'sn', value: 'SN-ABC' },
          { grantType: 'model', value: 'm7-2u' },
          { grantType: 'role', value: 'customer' },
        ],
      }),
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      code: 'm7-test-bmc',
      visibility: 'restricted',
      counts: { draft: 0, published: 0, recalled: 0 },
      latestVersion: null,
    });
    expect(created.body.data.grants).toHaveLength(4);
    expect(created.body.data.grants).toContainEqual({ grantType: 'sn', value: 'SN-ABC' });
    expect(created.body.data.grants).toContainEqual({ grantType: 'model', value: 'M7-2U' });
    expect(created.body.data.grants.find((g) => g.grantType === 'customer')?.value).not.toMatch(/^\s|\s$/);

    const edited = await withToken<PublishItem>(t.app, staff, {
      method: 'PUT',
      url: `/api/publishing/items/${created.body.data.id}`,
      payload: itemInput({ nameEn: 'Renamed', visibility: 'public', grants: [] }),
    });
    expect(edited.body.data).toMatchObject({ nameEn: 'Renamed', visibility: 'public', grants: [] });

    const taken = await withToken(t.app, staff, {
      method: 'POST',
      url: '/api/publishing/items?locale=en-US',
      payload: itemInput({ code: 'm7-bmc' }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: ErrorCode.PUBLISH_CODE_EXISTS,
      message: 'Item code m7-bmc is already in use',
    });
    const invalid = await withToken(t.app, staff, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: { ...itemInput(), code: 'Bad Code', kind: 'TOASTER' },
    });
    expect(invalid.status).toBe(400);
    const missing = await withToken(t.app, staff, {
      method: 'PUT',
      url: '/api/publishing/items/99999',
      payload: itemInput({ code: 'another' }),
    });
    expect(missing).toMatchObject({ status: 404, body: { code: ErrorCode.PUBLISH_NOT_FOUND } });
  });

  it('lets a super admin publish too and lists an item versions newest first', async () => {
    const admin = await adminToken(t.app);
    const page = await withToken<Page<PublishItem>>(t.app, admin, { url: '/api/publishing/items?q=m7-bmc' });
    const item = page.body.data.rows[0];
    if (!item) throw new Error('m7-bmc missing');
    const versions = await withToken<PublishVersion[]>(t.app, admin, {
      url: `/api/publishing/items/${item.id}/versions`,
    });
    expect(versions.status).toBe(200);
    const dates = versions.body.data.map((v) => v.releaseDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(versions.body.data[0]?.models.length).toBeGreaterThan(0);
  });
});
