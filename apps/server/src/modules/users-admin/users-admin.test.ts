import {
  type AuditEntry,
  ErrorCode,
  type LoginUser,
  type Page,
  type UserAdminDetail,
  type UserAdminRow,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { adminPagesPerTest } from '../../test/admin-pages';
import { createModel, createServer } from '../../test/catalog-factories';
import { createRole, createUser } from '../../test/factories';
import { lastMailTo } from '../../test/outbox';
import { login, tokenFor, withToken } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { DRIVERS, type TestApp } from '../../test/test-app';

const STRONG = 'Strong#Pass1';

describe.each(DRIVERS)('users administration on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  const call = adminPagesPerTest(driver, (app, token) => {
    [t, admin] = [app, token];
  });
  /** Creates a user as the admin; a test names only the fields it is about (the rest pass the rules). */
  const addUser = <T = unknown>(fields: { account: string } & Record<string, unknown>) =>
    call<T>(admin, 'POST', '/api/sysUser/add', { password: STRONG, nickName: 'N', ...fields });
  const auditActions = async () =>
    (await call<Page<AuditEntry>>(admin, 'GET', '/api/sysAudit/page?pageSize=50')).body.data.rows.map(
      (row) => row.action,
    );

  it('refuses every endpoint to a user without sysUser permissions (403, 1013002)', async () => {
    const { token, ...customer } = await signedInUser(t);
    const attempts: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', '/api/sysUser/page'],
      ['GET', '/api/sysUser/roleOptions'],
      ['GET', `/api/sysUser/${customer.id}/detail`],
      ['POST', '/api/sysUser/add', { account: 'x_1', password: STRONG, nickName: 'x' }],
      ['PUT', `/api/sysUser/${customer.id}`, { nickName: 'x' }],
      ['POST', `/api/sysUser/${customer.id}/freeze`, { frozen: true }],
      ['POST', `/api/sysUser/${customer.id}/unlock`],
      ['POST', `/api/sysUser/${customer.id}/resetPwd`],
      ['PUT', `/api/sysUser/${customer.id}/roles`, { roleCodes: ['staff'] }],
      ['POST', `/api/sysUser/${customer.id}/serials`, { serials: ['M7S2U24000101'] }],
      ['DELETE', `/api/sysUser/${customer.id}/serials/M7S2U24000101`],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(token, method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);
    }
    const [me] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(me?.frozen).toBe(false);
  });

  it('creates, finds, edits and grants roles; the new menus apply on the next request; all audited', async () => {
    const weak = await addUser({ account: 'new_user', password: 'weak' });
    expect(weak.body.code).toBe(ErrorCode.PASSWORD_WEAK);
    const badName = await addUser({ account: 'new user!' });
    expect(badName.body.code).toBe(ErrorCode.ACCOUNT_NAMING);
    const created = await addUser<UserAdminRow>({
      account: 'new_user',
      nickName: 'Newbie',
      email: 'newbie@example.com',
      company: 'Acme',
      roleCodes: ['customer'],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      account: 'new_user',
      sourceType: '00',
      roles: [{ code: 'customer', name: 'Customer' }],
    });
    const again = await addUser({ account: 'NEW_USER' });
    expect(again.body.code).toBe(ErrorCode.ACCOUNT_EXISTS);
    const unknownRole = await addUser({ account: 'other', roleCodes: ['nope'] });
    expect(unknownRole.body).toMatchObject({ code: ErrorCode.ROLE_UNKNOWN, message: 'Unknown role nope' });

    const found = await call<Page<UserAdminRow>>(admin, 'GET', '/api/sysUser/page?q=newbie');
    expect(found.body.data.rows.map((row) => row.account)).toEqual(['new_user']);
    expect(
      (await call<Page<UserAdminRow>>(admin, 'GET', '/api/sysUser/page?role=staff')).body.data.totalRows,
    ).toBe(0);

    const id = created.body.data.id;
    const edited = await call<UserAdminRow>(admin, 'PUT', `/api/sysUser/${id}`, {
      nickName: 'Renamed',
      company: 'Acme Ltd',
    });
    expect(edited.body.data).toMatchObject({ nickName: 'Renamed', company: 'Acme Ltd' });

    const userToken = await tokenFor(t.app, 'new_user', STRONG);
    const menusOf = async () =>
      (await withToken<LoginUser>(t.app, userToken, { url: '/api/getLoginUser' })).body.data.apps.map(
        (app) => app.code,
      );
    expect(await menusOf()).toEqual(['mirror']);
    await call(admin, 'PUT', `/api/sysUser/${id}/roles`, { roleCodes: ['customer', 'staff'] });
    expect(await menusOf()).toEqual(['mirror', 'system']);

    expect(await auditActions()).toEqual(
      expect.arrayContaining(['user.create', 'user.update', 'user.grantRoles']),
    );
  });

  it('freezes (signing the user out), unfreezes, unlocks a lockout and mails a reset link', async () => {
    const { token, ...user } = await signedInUser(t, {
      roleCodes: ['customer'],
      email: 'frozen@example.com',
    });
    const frozen = await call<UserAdminRow>(admin, 'POST', `/api/sysUser/${user.id}/freeze`, {
      frozen: true,
    });
    expect(frozen.body.data.frozen).toBe(true);
    expect((await withToken(t.app, token, { url: '/api/getLoginUser' })).status).not.toBe(200);
    expect((await login(t.app, user.account, user.password)).body.code).toBe(ErrorCode.ACCOUNT_FROZEN);
    expect((await call(admin, 'POST', `/api/sysUser/${user.id}/resetPwd`)).body.code).toBe(
      ErrorCode.ACCOUNT_FROZEN,
    );
    await call(admin, 'POST', `/api/sysUser/${user.id}/freeze`, { frozen: false });
    expect((await login(t.app, user.account, user.password)).status).toBe(200);

    for (let i = 0; i < 5; i++) await login(t.app, user.account, 'Wrong#Pass1');
    expect((await login(t.app, user.account, user.password)).body.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    const locked = await call<Page<UserAdminRow>>(admin, 'GET', '/api/sysUser/page?status=locked');
    expect(locked.body.data.rows.map((row) => row.id)).toEqual([user.id]);
    await call(admin, 'POST', `/api/sysUser/${user.id}/unlock`);
    expect((await login(t.app, user.account, user.password)).status).toBe(200);

    expect((await call(admin, 'POST', `/api/sysUser/${user.id}/resetPwd`)).status).toBe(200);
    await t.app.services.recovery.drain();
    expect((await lastMailTo(t.db, 'frozen@example.com'))?.body).toContain('/user/recover?token=');

    const actions = await auditActions();
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.freeze',
        'user.unfreeze',
        'user.unlock',
        'user.resetPassword',
        'login.failure',
      ]),
    );
    // The admin cannot freeze themselves.
    const [me] = await t.db.select().from(users).where(eq(users.account, 'admin'));
    expect((await call(admin, 'POST', `/api/sysUser/${me?.id}/freeze`, { frozen: true })).body.code).toBe(
      ErrorCode.USER_SELF_ACTION,
    );
  });

  it("mails the reset link in the user's stored language, not the staff member's", async () => {
    const zh = await createUser(t.db, {
      roleCodes: ['customer'],
      email: 'zh.user@example.com',
      locale: 'zh-CN',
    });
    const en = await createUser(t.db, {
      roleCodes: ['customer'],
      email: 'en.user@example.com',
      locale: 'en-US',
    });

    // Staff working in English, user reading Chinese.
    expect((await call(admin, 'POST', `/api/sysUser/${zh.id}/resetPwd`)).status).toBe(200);
    // Staff working in Chinese, user reading English.
    const zhStaff = await withToken(t.app, admin, {
      method: 'POST',
      url: `/api/sysUser/${en.id}/resetPwd?locale=zh-CN`,
    });
    expect(zhStaff.status).toBe(200);
    await t.app.services.recovery.drain();

    const toZh = await lastMailTo(t.db, 'zh.user@example.com');
    expect(toZh?.subject).toBe('重置密码');
    expect(toZh?.body).toContain('30 分钟内打开此链接');
    const toEn = await lastMailTo(t.db, 'en.user@example.com');
    expect(toEn?.subject).toBe('Reset your password');
    expect(toEn?.body).toContain('within 30 minutes');
  });

  it('stops staff from granting more than they hold or touching super admins', async () => {
    await createRole(t.db, 'helpdesk', ['sysUser:page', 'sysUser:edit']);
    const { token } = await signedInUser(t, { roleCodes: ['helpdesk'] });
    const customer = await createUser(t.db, { roleCodes: ['customer'] });
    const [adminRow] = await t.db.select().from(users).where(eq(users.account, 'admin'));

    expect(
      (await call(token, 'PUT', `/api/sysUser/${customer.id}/roles`, { roleCodes: ['staff'] })).status,
    ).toBe(403);
    expect(
      (await call(token, 'PUT', `/api/sysUser/${customer.id}`, { nickName: 'x', adminType: '1' })).status,
    ).toBe(403);
    expect((await call(token, 'POST', `/api/sysUser/${adminRow?.id}/freeze`, { frozen: true })).status).toBe(
      403,
    );
    expect(
      (
        await call(token, 'POST', '/api/sysUser/add', {
          account: 'boss',
          password: STRONG,
          nickName: 'B',
          adminType: '1',
        })
      ).status,
    ).toBe(403);
    // Within their own permissions they may act.
    expect(
      (await call(token, 'PUT', `/api/sysUser/${customer.id}/roles`, { roleCodes: ['helpdesk'] })).status,
    ).toBe(200);
  });

  it('binds servers for a customer, verified by support, and shows sessions, sign-ins and servers', async () => {
    // Shipped to another company than the one the customer typed: only support can vouch for it.
    const model = await createModel(t.db);
    const { sn } = await createServer(t.db, { modelId: model.id, customer: 'Northwind Data Center' });
    const customer = await createUser(t.db, { roleCodes: ['customer'], company: 'Somebody Else' });
    await tokenFor(t.app, customer.account, customer.password);
    const bound = await call<{ verified: number }>(admin, 'POST', `/api/sysUser/${customer.id}/serials`, {
      serials: [sn],
    });
    expect(bound.body.data.verified).toBe(1);
    const detail = await call<UserAdminDetail>(admin, 'GET', `/api/sysUser/${customer.id}/detail`);
    expect(detail.body.data.sessions).toHaveLength(1);
    expect(detail.body.data.logins[0]).toMatchObject({ type: 'LOGIN', success: true });
    expect(detail.body.data.serials.serials.map((serial) => [serial.sn, serial.state])).toEqual([
      [sn, 'verified'],
    ]);
    expect((await call(admin, 'DELETE', `/api/sysUser/${customer.id}/serials/${sn}`)).status).toBe(200);
    expect((await call(admin, 'GET', '/api/sysUser/999999/detail')).body.code).toBe(ErrorCode.USER_UNKNOWN);
    expect(await auditActions()).toEqual(expect.arrayContaining(['user.bindSerials', 'user.unbindSerial']));
  });
});
