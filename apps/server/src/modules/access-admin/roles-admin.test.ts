import {
  type AuditEntry,
  ErrorCode,
  type GrantOptions,
  type LoginUser,
  type Page,
  type RoleGrants,
  type RoleRow,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roles } from '../../db/schema';
import { adminPagesPerTest } from '../../test/admin-pages';
import { createRole, createUser } from '../../test/factories';
import { signedInUser } from '../../test/signed-in-user';
import { type Method, withToken } from '../../test/requests';
import { DRIVERS, type TestApp } from '../../test/test-app';

describe.each(DRIVERS)('roles administration on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  const call = adminPagesPerTest(driver, (app, token) => {
    [t, admin] = [app, token];
  });
  const audit = async (action: string) =>
    (await call<Page<AuditEntry>>(admin, 'GET', `/api/sysAudit/page?action=${action}&pageSize=50`)).body.data
      .rows;
  const roleId = async (code: string) =>
    (await t.db.select().from(roles).where(eq(roles.code, code)))[0]?.id ?? 0;
  const options = async () => (await call<GrantOptions>(admin, 'GET', '/api/sysRole/grantOptions')).body.data;
  const menuId = async (app: string, path: string) =>
    (await options()).apps.find((a) => a.code === app)?.menus.find((m) => m.path === path)?.id ?? 0;

  it('refuses every endpoint to a user without the roles permissions (403, 1013002)', async () => {
    const { token } = await signedInUser(t);
    const id = await roleId('customer');
    const attempts: [Method, string, object?][] = [
      ['GET', '/api/sysRole/page'],
      ['GET', '/api/sysRole/grantOptions'],
      ['POST', '/api/sysRole/add', { code: 'x', nameZh: 'x', nameEn: 'x' }],
      ['PUT', `/api/sysRole/${id}`, { code: 'customer', nameZh: 'x', nameEn: 'x' }],
      ['DELETE', `/api/sysRole/${id}`],
      ['GET', `/api/sysRole/${id}/grants`],
      ['PUT', `/api/sysRole/${id}/grants`, { menuIds: [], permissionCodes: [] }],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(token, method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);
      expect(answer.body.message).toContain(url.split('?')[0]);
    }
    expect(await roleId('customer')).toBe(id);
  });

  it('checks each operation against its own button code', async () => {
    const reader = await createRole(t.db, 'role_reader', ['sysRole:page']);
    const { token } = await signedInUser(t, { roleCodes: ['role_reader'] });
    expect((await call(token, 'GET', '/api/sysRole/page')).status).toBe(200);
    const add = await call(token, 'POST', '/api/sysRole/add', { code: 'x', nameZh: 'x', nameEn: 'x' });
    expect([add.status, add.body.code]).toEqual([403, ErrorCode.NO_PERMISSION_RESOURCE]);
    const grant = await call(token, 'PUT', `/api/sysRole/${reader.id}/grants`, {
      menuIds: [],
      permissionCodes: ['sysRole:page', 'sysRole:add'],
    });
    expect(grant.status).toBe(403);
  });

  it('creates, searches, edits and deletes a role, validating input; all audited', async () => {
    const bad = await call(admin, 'POST', '/api/sysRole/add', { code: '', nameZh: 'x' });
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.PARAM_ERROR]);
    const badCode = await call<{ field: string; message: string }[]>(admin, 'POST', '/api/sysRole/add', {
      code: '1 bad',
      nameZh: '坏',
      nameEn: 'Bad',
    });
    expect(badCode.body.code).toBe(ErrorCode.PARAM_ERROR);
    expect(badCode.body.data).toEqual([
      { field: 'code', message: 'must start with a letter and contain only letters, digits, _ and -' },
    ]);
    const badCodeZh = await call<{ field: string; message: string }[]>(
      admin,
      'POST',
      '/api/sysRole/add',
      { code: '1 bad', nameZh: '坏', nameEn: 'Bad' },
      'zh-CN',
    );
    expect(badCodeZh.body.data[0]?.message).toBe('须以字母开头，只能包含字母、数字、_ 和 -');

    const created = await call<RoleRow>(admin, 'POST', '/api/sysRole/add', {
      code: 'auditor',
      nameZh: '审计员',
      nameEn: 'Auditor',
      descriptionZh: '查看审计日志',
      descriptionEn: 'Reads the audit log',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      code: 'auditor',
      name: 'Auditor',
      builtIn: false,
      userCount: 0,
      menuCount: 0,
      permissionCount: 0,
    });
    const dup = await call(admin, 'POST', '/api/sysRole/add', { code: 'auditor', nameZh: 'a', nameEn: 'a' });
    expect([dup.status, dup.body.code, dup.body.message]).toEqual([
      409,
      ErrorCode.ROLE_CODE_EXISTS,
      'Role code auditor already exists',
    ]);

    const found = await call<Page<RoleRow>>(admin, 'GET', '/api/sysRole/page?q=audit', undefined, 'zh-CN');
    expect(found.body.data.rows.map((row) => [row.code, row.name, row.description])).toEqual([
      ['auditor', '审计员', '查看审计日志'],
    ]);
    await createUser(t.db, { roleCodes: ['customer'] });
    const all = await call<Page<RoleRow>>(admin, 'GET', '/api/sysRole/page');
    expect(all.body.data.rows.find((row) => row.code === 'customer')).toMatchObject({
      builtIn: true,
      userCount: 1,
      description: 'Given to every registered account: downloads and activation codes',
    });
    // Seeded roles are described in both languages, not in English alone.
    const allZh = await call<Page<RoleRow>>(admin, 'GET', '/api/sysRole/page', undefined, 'zh-CN');
    expect(allZh.body.data.rows.find((row) => row.code === 'customer')?.description).toBe(
      '每个注册账号都有：下载与生成激活码',
    );

    const id = created.body.data.id;
    const edited = await call<RoleRow>(admin, 'PUT', `/api/sysRole/${id}`, {
      code: 'auditors',
      nameZh: '审计员',
      nameEn: 'Auditors',
    });
    expect(edited.body.data).toMatchObject({
      code: 'auditors',
      name: 'Auditors',
      descriptionZh: '',
      descriptionEn: '',
      description: '',
    });
    const clash = await call(admin, 'PUT', `/api/sysRole/${id}`, { code: 'staff', nameZh: 'a', nameEn: 'a' });
    expect(clash.body.code).toBe(ErrorCode.ROLE_CODE_EXISTS);

    expect((await call(admin, 'DELETE', `/api/sysRole/${id}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/api/sysRole/${id}`)).body.code).toBe(ErrorCode.ROLE_NOT_FOUND);
    expect(
      (await call(admin, 'PUT', '/api/sysRole/999999', { code: 'a', nameZh: 'a', nameEn: 'a' })).status,
    ).toBe(404);

    expect((await audit('role.create'))[0]?.detail).toMatchObject({ code: 'auditor' });
    expect((await audit('role.update'))[0]?.detail).toMatchObject({ after: { code: 'auditors' } });
    expect((await audit('role.delete'))[0]).toMatchObject({ actorAccount: 'admin', targetId: String(id) });
  });

  it('refuses to delete a built-in role or a role users hold, and to change a built-in code', async () => {
    const customer = await roleId('customer');
    const builtIn = await call(admin, 'DELETE', `/api/sysRole/${customer}`);
    expect([builtIn.status, builtIn.body.code]).toEqual([409, ErrorCode.ROLE_BUILT_IN]);
    expect(builtIn.body.message).toContain('built in');
    const renamed = await call(admin, 'PUT', `/api/sysRole/${customer}`, {
      code: 'client',
      nameZh: '客户',
      nameEn: 'Client',
    });
    expect(renamed.body.code).toBe(ErrorCode.ROLE_BUILT_IN);
    // Names of a built-in role may change.
    const names = await call<RoleRow>(admin, 'PUT', `/api/sysRole/${customer}`, {
      code: 'customer',
      nameZh: '客户',
      nameEn: 'Client',
    });
    expect(names.body.data.name).toBe('Client');

    const created = await call<RoleRow>(admin, 'POST', '/api/sysRole/add', {
      code: 'partner',
      nameZh: '合作伙伴',
      nameEn: 'Partner',
    });
    await createUser(t.db, { roleCodes: ['partner'] });
    await createUser(t.db, { roleCodes: ['partner'] });
    const inUse = await call(admin, 'DELETE', `/api/sysRole/${created.body.data.id}`, undefined, 'zh-CN');
    expect([inUse.status, inUse.body.code]).toEqual([409, ErrorCode.ROLE_IN_USE]);
    expect(inUse.body.message).toBe('角色 partner 仍有 2 个用户在使用，请先取消这些用户的该角色');
    expect(await roleId('partner')).toBe(created.body.data.id);
    expect(await audit('role.delete')).toEqual([]);
  });

  it("grants menus (with their parents) and permissions; the holder's next getLoginUser follows", async () => {
    const created = await call<RoleRow>(admin, 'POST', '/api/sysRole/add', {
      code: 'support',
      nameZh: '技术支持',
      nameEn: 'Support',
    });
    const id = created.body.data.id;
    const { token } = await signedInUser(t, { roleCodes: ['support'] });
    const me = async () => (await withToken<LoginUser>(t.app, token, { url: '/api/getLoginUser' })).body.data;
    expect((await me()).menus).toEqual([]);

    const usersMenu = await menuId('system', '/system/user');
    const homeMenu = await menuId('mirror', '/homePage');
    const unknown = await call(admin, 'PUT', `/api/sysRole/${id}/grants`, {
      menuIds: [999999],
      permissionCodes: [],
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, ErrorCode.PARAM_ERROR]);
    expect(unknown.body.data).toEqual([{ field: 'menuIds', message: 'contains an unknown menu' }]);
    const unknownCode = await call(admin, 'PUT', `/api/sysRole/${id}/grants`, {
      menuIds: [],
      permissionCodes: ['nope:nope'],
    });
    expect(unknownCode.body.code).toBe(ErrorCode.PARAM_ERROR);

    const granted = await call<RoleGrants>(admin, 'PUT', `/api/sysRole/${id}/grants`, {
      menuIds: [usersMenu, homeMenu],
      permissionCodes: ['sysUser:page'],
    });
    expect(granted.status).toBe(200);
    const systemRoot = await menuId('system', '/system');
    expect(granted.body.data.menuIds).toEqual([homeMenu, systemRoot, usersMenu].sort((a, b) => a - b));
    expect((await call<RoleGrants>(admin, 'GET', `/api/sysRole/${id}/grants`)).body.data).toEqual(
      granted.body.data,
    );

    const after = await me();
    expect(after.apps.map((app) => app.code)).toEqual(['mirror', 'system']);
    expect(after.menus.map((menu) => menu.path)).toEqual(['/homePage']);
    expect(after.permissions).toEqual(expect.arrayContaining(['sysUser:page', 'system:user', 'homePage']));
    expect((await call(token, 'GET', '/api/sysUser/page')).status).toBe(200);

    // Taking the grants back applies at once as well.
    await call(admin, 'PUT', `/api/sysRole/${id}/grants`, { menuIds: [homeMenu], permissionCodes: [] });
    const reduced = await me();
    expect(reduced.apps.map((app) => app.code)).toEqual(['mirror']);
    expect(reduced.permissions).not.toContain('sysUser:page');
    expect((await call(token, 'GET', '/api/sysUser/page')).status).toBe(403);

    const rows = await audit('role.grant');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.detail).toMatchObject({ code: 'support', permissionCodes: ['sysUser:page'] });
  });

  it('lets staff grant only menus and permissions they hold themselves', async () => {
    await createRole(t.db, 'role_lead', ['sysRole:page', 'sysRole:grant']);
    const { token } = await signedInUser(t, { roleCodes: ['role_lead'] });
    const target = await roleId('customer');
    const current = (await call<RoleGrants>(token, 'GET', `/api/sysRole/${target}/grants`)).body.data;
    const escalate = await call(token, 'PUT', `/api/sysRole/${target}/grants`, {
      ...current,
      permissionCodes: [...current.permissionCodes, 'sysUser:edit'],
    });
    expect([escalate.status, escalate.body.code]).toEqual([403, ErrorCode.NO_PERMISSION_OPERATION]);
    const menu = await call(token, 'PUT', `/api/sysRole/${target}/grants`, {
      ...current,
      menuIds: [...current.menuIds, await menuId('system', '/system/user')],
    });
    expect(menu.status).toBe(403);
    // Removing what they do not hold is no escalation.
    const reduced = await call(token, 'PUT', `/api/sysRole/${target}/grants`, {
      menuIds: current.menuIds,
      permissionCodes: current.permissionCodes.filter((code) => code !== 'license:generate'),
    });
    expect(reduced.status).toBe(200);
  });

  it('offers every application with its menus and every permission, in the reader language', async () => {
    const zh = (await call<GrantOptions>(admin, 'GET', '/api/sysRole/grantOptions', undefined, 'zh-CN')).body
      .data;
    expect(zh.apps.map((app) => app.name)).toEqual(['下载中心', '系统管理']);
    expect(zh.apps[1]?.menus.find((menu) => menu.path === '/system/role')?.title).toBe('角色管理');
    expect(zh.permissions.find((p) => p.code === 'sysRole:grant')?.name).toBe('角色授权');
    const staff = await call<Page<RoleRow>>(admin, 'GET', '/api/sysRole/page?q=staff');
    // Every permission but the PSIRT's (issue 43), which only the psirt role holds.
    expect(zh.permissions.find((p) => p.code === 'psirt:manage')?.name).toBe('管理 PSIRT 事项');
    expect(staff.body.data.rows[0]?.permissionCount).toBe(zh.permissions.length - 1);
  });
});
