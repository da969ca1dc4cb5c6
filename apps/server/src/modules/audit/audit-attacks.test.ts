import { AUDIT_PERMISSION } from '@portal/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles } from '../../db/schema';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

describe.each(DRIVERS)('the audit log under attack on %s', (driver) => {
  let t: TestApp;
  let auditor: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const staff = await createUser(t.db, { roleCodes: ['staff'] });
    auditor = await tokenFor(t.app, staff.account, staff.password);
  }, 60_000);
  afterAll(() => t.close());

  it('answers 401 to an anonymous caller', async () => {
    expect((await t.app.inject({ url: '/api/sysAudit/page' })).statusCode).toBe(401);
  });

  it('answers 403 to staff whose role lacks the audit permission, and to a customer of another company', async () => {
    // Everything the seeded staff role holds but the audit permission.
    const [staff] = await t.db.select().from(roles).where(eq(roles.code, 'staff'));
    const [lesser] = await t.db
      .insert(roles)
      .values({ code: 'no-audit', nameZh: '无审计', nameEn: 'No audit' })
      .returning();
    const held = await t.db
      .select({ code: rolePermissions.permissionCode })
      .from(rolePermissions)
      .where(
        and(eq(rolePermissions.roleId, staff!.id), ne(rolePermissions.permissionCode, AUDIT_PERMISSION)),
      );
    if (held.length)
      await t.db
        .insert(rolePermissions)
        .values(held.map(({ code }) => ({ roleId: lesser!.id, permissionCode: code })));
    const support = await createUser(t.db, { roleCodes: ['no-audit'] });
    const customer = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Another Company' });
    for (const user of [support, customer]) {
      const answer = await withToken(t.app, await tokenFor(t.app, user.account, user.password), {
        url: '/api/sysAudit/page',
      });
      expect(answer.status).toBe(403);
    }
  });

  it('answers bad input with 4xx, never 500', async () => {
    for (const query of [
      'q=%00',
      `q=${'x'.repeat(10_000)}`,
      'pageNo=99999999999999999999',
      'pageSize=-1',
      'from=not-a-day',
      'targetId=%00abc',
    ]) {
      const answer = await withToken(t.app, auditor, { url: `/api/sysAudit/page?${query}` });
      expect(answer.status, query.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.status, query.slice(0, 40)).toBeLessThan(500);
    }
  });
});
