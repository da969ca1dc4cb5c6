import type { CatalogModel, ModelSupport } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, catalogVersions } from '../../db/schema';
import { createItem, createVersion, referenceModel } from '../../test/catalog-factories';
import { createStaffRoleWithout } from '../../test/factories';
import { callAs } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-02T10:00:00Z');

describe.each(DRIVERS)('support periods and security fixes (issue 43 §4) on %s', (driver) => {
  let t: TestApp;
  let publisher: string;
  let lesserStaff: string;
  let customer: string;
  let modelId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { now: NOW });
    publisher = (await signedInUser(t, { roleCodes: ['staff'] })).token;
    await createStaffRoleWithout(t.db, 'no-publish', ['firmware:publish']);
    lesserStaff = (await signedInUser(t, { roleCodes: ['no-publish'] })).token;
    customer = (await signedInUser(t)).token;
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
  });
  afterAll(() => t?.close());

  const setEnd = (token: string, end: string | null, id = modelId) =>
    callAs<ModelSupport>(t.app, token, 'PUT', `/api/staff/models/${id}/support-end`, {
      securitySupportEnd: end,
    });
  const catalogueEnd = async () =>
    (
      await callAs<(CatalogModel & { id: number; securitySupportEnd: string | null })[]>(
        t.app,
        customer,
        'GET',
        '/api/catalog/models',
      )
    ).body.data.find((model) => model.id === modelId)?.securitySupportEnd;

  it('only staff who publish firmware set an end of security support; customers read it in the catalogue', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/models/${modelId}/support-end`,
      payload: { securitySupportEnd: '2031-12' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await setEnd(customer, '2031-12')).status).toBe(403);
    expect((await setEnd(lesserStaff, '2031-12')).status).toBe(403);
    expect(await catalogueEnd()).toBeNull();

    const set = await setEnd(publisher, '2031-12');
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ code: 'M7-2U', securitySupportEnd: '2031-12' });
    expect(await catalogueEnd()).toBe('2031-12');
    expect((await setEnd(publisher, '2033-06')).body.data.securitySupportEnd).toBe('2033-06');
    const audits = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'model.supportEnd'), eq(auditLog.targetId, String(modelId))));
    expect(audits.map((row) => row.detail)).toEqual([
      { code: 'M7-2U', before: null, after: '2031-12' },
      { code: 'M7-2U', before: '2031-12', after: '2033-06' },
    ]);
    const list = await callAs<ModelSupport[]>(t.app, publisher, 'GET', '/api/staff/models/support');
    expect(list.body.data.find((model) => model.id === modelId)?.securitySupportEnd).toBe('2033-06');
    expect((await setEnd(publisher, null)).body.data.securitySupportEnd).toBeNull();
    expect(await catalogueEnd()).toBeNull();
  });

  it('refuses a month that is not one, and an unknown model', async () => {
    for (const bad of ['2031-13', '2031-1', '31-12', '2031-12-01', ''])
      expect((await setEnd(publisher, bad)).status, bad).toBe(400);
    expect((await setEnd(publisher, '2031-12', 999_999)).status).toBe(404);
    expect((await setEnd(publisher, '2031-12', 0)).status).toBe(400);
  });

  it('recalling a security fix within ten years of release needs its own reason, audited', async () => {
    const item = await createItem(t.db, { kind: 'BMC' });
    const fix = await createVersion(t.db, t.app.services.store, {
      itemId: item.id,
      version: '3.1.0',
      releaseDate: '2020-01-15',
    });
    await t.db.update(catalogVersions).set({ securityFix: true }).where(eq(catalogVersions.id, fix.id));
    const recall = (id: number, body: object) =>
      callAs(t.app, publisher, 'POST', `/api/publishing/versions/${id}/recall`, {
        reason: 'Bricks some boards',
        notifyDownloaders: false,
        ...body,
      });
    const refused = await recall(fix.id, {});
    expect([refused.status, refused.body.code]).toEqual([400, 1033004]);
    expect(refused.body.message).toContain('ten years');
    const [still] = await t.db
      .select({ status: catalogVersions.status })
      .from(catalogVersions)
      .where(eq(catalogVersions.id, fix.id));
    expect(still?.status).toBe('published');

    expect(
      (await recall(fix.id, { securityFixReason: 'Replaced by 3.1.1, which fixes the same CVE' })).status,
    ).toBe(200);
    const [removal] = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.removeSecurityFix'), eq(auditLog.targetId, String(fix.id))));
    expect(removal?.detail).toMatchObject({
      version: '3.1.0',
      releaseDate: '2020-01-15',
      reason: 'Replaced by 3.1.1, which fixes the same CVE',
    });

    // Neither an ordinary version nor a fix released more than ten years ago needs it.
    const plain = await createVersion(t.db, t.app.services.store, { itemId: item.id, version: '3.2.0' });
    expect((await recall(plain.id, {})).status).toBe(200);
    const old = await createVersion(t.db, t.app.services.store, {
      itemId: item.id,
      version: '1.0.0',
      releaseDate: '2016-11-01',
    });
    await t.db
      .update(catalogVersions)
      .set({ cves: ['CVE-2016-1000'] })
      .where(eq(catalogVersions.id, old.id));
    expect((await recall(old.id, {})).status).toBe(200);
  });
});
