import { type Activation, ENTITLEMENT_PERMISSION, ErrorCode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel, createServer } from '../../test/catalog-factories';
import { createEntitlement } from '../../test/entitlement-factories';
import { createStaffRoleWithout, createUser } from '../../test/factories';
import { codeIn, lastMailTo } from '../../test/outbox';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/** The owner's company and its server under contract. */
const COMPANY = 'Lumen Compute Co., Ltd.';
const OWN_SN = 'LUM2U24000101';

/** Every activation route, as a caller without the right to it would try it. */
const CUSTOMER_ROUTES = [
  { method: 'GET', url: '/api/activation/verifyCode' },
  { method: 'POST', url: '/api/activation/generate' },
  { method: 'POST', url: '/api/activation/trial' },
  { method: 'GET', url: '/api/activation/history' },
  { method: 'GET', url: '/api/activation/entitlements' },
  { method: 'GET', url: `/api/activation/remaining?product=ims-platform&sn=${OWN_SN}` },
  { method: 'GET', url: `/api/activation/maintenance?product=ims-platform&sn=${OWN_SN}` },
] as const;
const STAFF_ROUTES = [
  { method: 'GET', url: '/api/activation/manage/entitlements' },
  { method: 'POST', url: '/api/activation/manage/entitlements' },
  { method: 'PUT', url: '/api/activation/manage/entitlements/1' },
  { method: 'DELETE', url: '/api/activation/manage/entitlements/1' },
] as const;

describe.each(DRIVERS)('activation routes under attack, on %s', (driver) => {
  let t: TestApp;
  let issued: Activation;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // A customer of a company with a server under contract holds a licence.
    const model = await createModel(t.db);
    await createServer(t.db, { modelId: model.id, customer: COMPANY, sn: OWN_SN });
    await createEntitlement(t.db, { customer: COMPANY, sns: [OWN_SN], nodes: 50 });
    const email = `owner-${Date.now()}@lumen.example`;
    const user = await createUser(t.db, {
      roleCodes: ['customer'],
      email,
      company: COMPANY,
      organisation: COMPANY,
    });
    owner = await tokenFor(t.app, user.account, user.password);
    await withToken(t.app, owner, { url: '/api/activation/verifyCode' });
    const answer = await withToken<Activation>(t.app, owner, {
      method: 'POST',
      url: '/api/activation/generate?locale=en-US',
      payload: {
        sn: OWN_SN,
        machineCode: 'ABC123XYZ',
        nodes: '1',
        verifyCode: codeIn((await lastMailTo(t.db, email))?.body),
        product: 'ims-platform',
        version: '6.1.0',
        customerName: COMPANY,
        contacts: 'Li Lei',
        contactInfo: '+86 138 0000 0000',
      },
    });
    expect(answer.status).toBe(200);
    issued = answer.body.data;
  }, 60_000);
  afterAll(() => t.close());

  it('refuses an anonymous caller on every route (401)', async () => {
    for (const route of [
      ...CUSTOMER_ROUTES,
      ...STAFF_ROUTES,
      { method: 'GET', url: `/api/activation/${issued.id}/file` },
    ]) {
      const answer = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('shows a customer of another company none of the licences, entitlements or servers of the first', async () => {
    const stranger = await createUser(t.db, {
      roleCodes: ['customer'],
      email: 'stranger@other.example',
      company: 'Other Company Ltd',
      organisation: 'Other Company Ltd',
    });
    const token = await tokenFor(t.app, stranger.account, stranger.password);
    const entitlements = await withToken<unknown[]>(t.app, token, { url: '/api/activation/entitlements' });
    expect(entitlements.status).toBe(200);
    expect(entitlements.body.data).toEqual([]);
    const history = await withToken<{ rows: unknown[] }>(t.app, token, { url: '/api/activation/history' });
    expect(history.body.data.rows).toEqual([]);
    const file = await withToken(t.app, token, { url: `/api/activation/${issued.id}/file` });
    expect(file.status).toBeGreaterThanOrEqual(400);
    expect(file.status).toBeLessThan(500);
    expect(JSON.stringify(file.body)).not.toContain(issued.activationCode);
    const remaining = await withToken(t.app, token, {
      url: `/api/activation/remaining?product=ims-platform&sn=${OWN_SN}&locale=en-US`,
    });
    expect(remaining.body.code).toBe(ErrorCode.REMAINING_QUERY_FAILED);
  });

  it('refuses entitlement administration to staff whose role lacks license:manage (403)', async () => {
    // A support role: everything the seeded staff role holds (menus too) but the licence permission.
    await createStaffRoleWithout(t.db, 'support-lite', [ENTITLEMENT_PERMISSION], { menus: true });
    const user = await createUser(t.db, { roleCodes: ['support-lite'] });
    const token = await tokenFor(t.app, user.account, user.password);
    for (const route of STAFF_ROUTES) {
      const answer = await withToken(t.app, token, {
        method: route.method,
        url: route.url,
        ...(route.method === 'POST' || route.method === 'PUT' ? { payload: {} } : {}),
      });
      expect(answer.status, `${route.method} ${route.url}`).toBe(403);
      expect(answer.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);
    }
  });

  it('answers bad input with 4xx, never 500: NUL, huge ids, long strings', async () => {
    const admin = await createUser(t.db, { roleCodes: ['staff'] });
    const staff = await tokenFor(t.app, admin.account, admin.password);
    const attempts: { token: string; method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [
      { token: staff, method: 'GET', url: '/api/activation/manage/entitlements?q=%00abc' },
      { token: staff, method: 'GET', url: `/api/activation/manage/entitlements?q=${'x'.repeat(10_000)}` },
      { token: staff, method: 'GET', url: '/api/activation/manage/entitlements?pageSize=99999999999999' },
      {
        token: staff,
        method: 'PUT',
        url: '/api/activation/manage/entitlements/99999999999999999999',
        payload: {},
      },
      {
        token: staff,
        method: 'POST',
        url: '/api/activation/manage/entitlements',
        payload: { contractNo: 'C\u0000-1', customerName: 'x'.repeat(100_000), product: 'p', serials: [] },
      },
      { token: owner, method: 'GET', url: '/api/activation/99999999999999999999/file' },
      { token: owner, method: 'GET', url: '/api/activation/history?pageNo=-1' },
      { token: owner, method: 'GET', url: `/api/activation/remaining?product=${'p'.repeat(5_000)}&sn=%00` },
      {
        token: owner,
        method: 'POST',
        url: '/api/activation/generate',
        payload: { sn: `${OWN_SN}\u0000`, machineCode: 'M'.repeat(50_000), quantity: '9'.repeat(40) },
      },
    ];
    for (const attempt of attempts) {
      const answer = await withToken(t.app, attempt.token, {
        method: attempt.method,
        url: attempt.url,
        ...(attempt.payload ? { payload: attempt.payload } : {}),
      });
      const label = `${attempt.method} ${attempt.url.slice(0, 80)}`;
      expect(answer.status, label).toBeGreaterThanOrEqual(400);
      expect(answer.status, label).toBeLessThan(500);
      expect(JSON.stringify(answer.body), label).not.toMatch(/\bat .*\.ts:\d+/);
    }
  });
});
