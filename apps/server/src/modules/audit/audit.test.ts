import { type AuditEntry, ErrorCode, type Page } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, menus } from '../../db/schema';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

describe.each(DRIVERS)('audit log on %s', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver);
  });
  afterEach(() => t.close());

  const actor = { userId: 1, account: 'admin', ip: '10.1.2.3' };

  it('records actions, searches them newest first and lets only auditors read them', async () => {
    const { audit } = t.app.services;
    await audit.record(actor, 'user.freeze', { type: 'user', id: 42 }, { reason: 'left the company' });
    await audit.record({ userId: null, account: 'ghost', ip: '10.9.9.9' }, 'login.failure', {
      type: 'account',
      id: 'ghost',
    });
    await audit.record(actor, 'version.publish', { type: 'version', id: 7 });

    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    const staff = await tokenFor(t.app, staffUser.account, staffUser.password);
    const page = (query = '') =>
      withToken<Page<AuditEntry>>(t.app, staff, { url: `/api/sysAudit/page?${query}` });

    const all = (await page()).body.data;
    expect(all.totalRows).toBe(3);
    expect(all.rows.map((row) => row.action)).toEqual(['version.publish', 'login.failure', 'user.freeze']);
    expect(all.rows[2]).toMatchObject({
      actorAccount: 'admin',
      targetType: 'user',
      targetId: '42',
      detail: { reason: 'left the company' },
      ip: '10.1.2.3',
    });
    expect((await page('q=ghost')).body.data.rows.map((row) => row.action)).toEqual(['login.failure']);
    expect((await page('action=user.freeze')).body.data.totalRows).toBe(1);
    expect((await page('targetType=version')).body.data.rows[0]?.targetId).toBe('7');
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`from=${today}&to=${today}`)).body.data.totalRows).toBe(3);
    expect((await page('to=2000-01-01')).body.data.totalRows).toBe(0);

    const customer = await createUser(t.db, { roleCodes: ['customer'] });
    const refused = await withToken(t.app, await tokenFor(t.app, customer.account, customer.password), {
      url: '/api/sysAudit/page',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);
  });

  it("names the roles, permissions and menus a detail mentions by code, in the reader's language", async () => {
    const { audit } = t.app.services;
    const [menu] = await t.db.select().from(menus).where(eq(menus.path, '/account/settings'));
    await audit.record(
      actor,
      'role.grant',
      { type: 'role', id: 2 },
      { code: 'staff', menuIds: [menu?.id ?? 0], permissionCodes: ['license:manage', 'gone:code'] },
    );
    await audit.record(
      actor,
      'user.grantRoles',
      { type: 'user', id: 9 },
      { account: 'x', roles: ['customer'] },
    );
    await audit.record(
      actor,
      'role.update',
      { type: 'role', id: 1 },
      { before: { code: 'customer', nameEn: 'Customer' }, after: { code: 'customer', nameEn: 'Client' } },
    );
    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    const staff = await tokenFor(t.app, staffUser.account, staffUser.password);
    const names = async (locale: string) =>
      (
        await withToken<Page<AuditEntry>>(t.app, staff, { url: `/api/sysAudit/page?locale=${locale}` })
      ).body.data.rows.map((row) => [row.action, row.names]);
    expect(await names('zh-CN')).toEqual([
      ['role.update', { code: { customer: '客户' } }],
      ['user.grantRoles', { roles: { customer: '客户' } }],
      [
        'role.grant',
        {
          code: { staff: '员工' },
          menuIds: { [String(menu?.id)]: '账号设置' },
          permissionCodes: { 'license:manage': '管理授权' },
        },
      ],
    ]);
    expect(await names('en-US')).toEqual([
      ['role.update', { code: { customer: 'Customer' } }],
      ['user.grantRoles', { roles: { customer: 'Customer' } }],
      [
        'role.grant',
        {
          code: { staff: 'Staff' },
          menuIds: { [String(menu?.id)]: 'Account settings' },
          permissionCodes: { 'license:manage': 'Manage entitlements' },
        },
      ],
    ]);
  });

  // Issue 42 §2: the page names an advisory by its public id, so staff search by it too.
  it("finds an advisory's entries by its public id", async () => {
    const { audit } = t.app.services;
    const detail = { advisoryId: 'VENDOR-SA-2026-0004', status: 'in_review' };
    await audit.record(actor, 'advisory.submit', { type: 'advisory', id: 4 }, detail);
    await audit.record(
      actor,
      'advisory.create',
      { type: 'advisory', id: 5 },
      { advisoryId: 'VENDOR-SA-2026-0005' },
    );
    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    const staff = await tokenFor(t.app, staffUser.account, staffUser.password);
    const found = await withToken<Page<AuditEntry>>(t.app, staff, {
      url: '/api/sysAudit/page?q=sa-2026-0004',
    });
    expect(found.body.data.rows.map((row) => [row.targetId, row.detail])).toEqual([['4', detail]]);
  });

  it('cannot be rewritten or deleted, even by the database owner', async () => {
    await t.app.services.audit.record(actor, 'role.update', { type: 'role', id: 3 });
    await expect(
      t.db.update(auditLog).set({ action: 'nothing' }).where(eq(auditLog.targetId, '3')),
    ).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const rows = await t.db.select().from(auditLog);
    expect(rows.map((row) => row.action)).toEqual(['role.update']);
  });
});
