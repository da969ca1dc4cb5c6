import { ACCESS_VERSION_HEADER, type LoginUser, type RoleRow } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menus } from '../../db/schema';
import { adminPagesPerTest } from '../../test/admin-pages';
import { signedInUser } from '../../test/signed-in-user';
import type { Answer } from '../../test/requests';
import { DRIVERS, type TestApp } from '../../test/test-app';

/** The access version an answer carries; undefined without the header. */
const versionOf = (answer: Answer | { headers: Record<string, unknown> }) => {
  const value = answer.headers[ACCESS_VERSION_HEADER];
  return typeof value === 'string' ? Number(value) : undefined;
};

describe.each(DRIVERS)('the access version of signed-in answers on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  const call = adminPagesPerTest(driver, (app, token) => {
    [t, admin] = [app, token];
  });
  /** The version the user's next request (any route) answers with. */
  const nextVersion = async (token: string) => versionOf(await call(token, 'GET', '/api/notices'));
  const menuPaths = async (token: string) =>
    (await call<LoginUser>(token, 'GET', '/api/getLoginUser')).body.data.menus.map((menu) => menu.path);
  const menuId = async (path: string) =>
    (await t.db.select().from(menus).where(eq(menus.path, path)))[0]?.id ?? 0;

  it('comes with every answer to a session, a refusal too, and stays while nothing changes', async () => {
    const customer = await signedInUser(t);
    const first = await call(customer.token, 'GET', '/api/getLoginUser');
    expect(first.headers[ACCESS_VERSION_HEADER]).toMatch(/^\d+$/);
    const refused = await call(customer.token, 'GET', '/api/sysUser/page');
    expect(refused.status).toBe(403);
    expect(versionOf(refused)).toBe(versionOf(first));
    expect(await nextVersion(customer.token)).toBe(versionOf(first));
    // Everyone reads the same number.
    expect(await nextVersion(admin)).toBe(versionOf(first));

    // Nothing to follow without a session.
    expect(versionOf(await t.app.inject({ url: '/api/config' }))).toBeUndefined();
    const signedOut = await t.app.inject({ url: '/api/getLoginUser' });
    expect(signedOut.statusCode).toBe(401);
    expect(versionOf(signedOut)).toBeUndefined();
  });

  it("grows when staff change a role's menus; the holder's next getLoginUser has the new menu", async () => {
    const role = await call<RoleRow>(admin, 'POST', '/api/sysRole/add', {
      code: 'trial',
      nameZh: '试用',
      nameEn: 'Trial',
    });
    const grant = (paths: string[]) =>
      Promise.all(paths.map(menuId)).then((menuIds) =>
        call(admin, 'PUT', `/api/sysRole/${role.body.data.id}/grants`, { menuIds, permissionCodes: [] }),
      );
    expect((await grant(['/homePage'])).status).toBe(200);
    const customer = await signedInUser(t, { roleCodes: ['trial'] });
    expect(await menuPaths(customer.token)).toEqual(['/homePage']);
    const before = await nextVersion(customer.token);

    expect((await grant(['/homePage', '/mirror/custmirrordownload'])).status).toBe(200);
    const granted = await nextVersion(customer.token);
    expect(granted).toBeGreaterThan(before ?? Number.POSITIVE_INFINITY);
    expect(await menuPaths(customer.token)).toEqual(['/homePage', '/mirror/custmirrordownload']);

    // Taken back, the same.
    await grant(['/homePage']);
    expect(await nextVersion(customer.token)).toBeGreaterThan(granted ?? Number.POSITIVE_INFINITY);
    expect(await menuPaths(customer.token)).toEqual(['/homePage']);
  });

  it("grows when staff change a user's roles", async () => {
    const customer = await signedInUser(t);
    const before = await nextVersion(customer.token);
    const changed = await call(admin, 'PUT', `/api/sysUser/${customer.id}/roles`, {
      roleCodes: ['customer', 'staff'],
    });
    expect(changed.status).toBe(200);
    expect(await nextVersion(customer.token)).toBeGreaterThan(before ?? Number.POSITIVE_INFINITY);
    const user = (await call<LoginUser>(customer.token, 'GET', '/api/getLoginUser')).body.data;
    expect(user.apps.map((app) => app.code)).toEqual(['mirror', 'system']);
  });
});
