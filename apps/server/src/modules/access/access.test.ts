import { ErrorCode, type LoginUser, loginUserSchema, type MenuNode } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

describe.each(DRIVERS)('getLoginUser and application switching on %s', (driver) => {
  let t: TestApp;
  let customer: TestUser;
  beforeEach(async () => {
    t = await createTestApp(driver);
    customer = await createUser(t.db, { roleCodes: ['customer'] });
  });
  afterEach(() => t.close());

  const loginUser = async (token: string, locale = 'en-US') =>
    (await withToken<LoginUser>(t.app, token, { url: `/api/getLoginUser?locale=${locale}` })).body.data;
  const change = (token: string, application: string) =>
    withToken<MenuNode[]>(t.app, token, {
      method: 'POST',
      url: '/api/sysMenu/change?locale=en-US',
      payload: { application },
    });

  it('describes a customer: mirror app only, its menus flat, menu and button permissions', async () => {
    const token = await tokenFor(t.app, customer.account, customer.password);
    const user = loginUserSchema.parse(await loginUser(token));
    expect(user).toMatchObject({
      account: customer.account,
      adminType: '2',
      sourceType: '01',
      locale: 'en-US',
      lastLoginIp: '127.0.0.1',
    });
    expect(user.apps).toEqual([{ code: 'mirror', name: 'Downloads', active: true }]);
    expect(user.roles.map((role) => role.code)).toEqual(['customer']);
    const paths = user.menus.map((menu) => menu.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/homePage',
        '/welcome',
        '/mirror/custmirrordownload',
        '/tools/toolsdownload',
        '/erp_tool',
      ]),
    );
    expect(paths.some((path) => path.startsWith('/system'))).toBe(false);
    expect(user.menus.find((menu) => menu.path === '/homePage')?.meta).toMatchObject({
      title: 'Home Page',
      show: true,
    });
    expect(user.menus.find((menu) => menu.path === '/account/center')?.meta.show).toBe(false);
    expect(user.permissions).toEqual(
      expect.arrayContaining(['firmware:download', 'homePage', 'mirror:custmirrordownload']),
    );
    expect(user.permissions).not.toContain('sysUser:page');
  });

  it('translates titles and names into the requested language', async () => {
    const token = await tokenFor(t.app, customer.account, customer.password);
    const user = await loginUser(token, 'zh-CN');
    expect(user.apps[0]?.name).toBe('下载中心');
    expect(user.menus.find((menu) => menu.path === '/homePage')?.meta.title).toBe('首页');
  });

  it('gives the super admin every application and every permission', async () => {
    const token = await adminToken(t.app);
    const user = await loginUser(token);
    expect(user.adminType).toBe('1');
    expect(user.apps.map((app) => app.code)).toEqual(['mirror', 'system']);
    expect(user.permissions).toEqual(
      expect.arrayContaining(['sysUser:page', 'system:user', 'firmware:publish']),
    );
  });

  it('switches a staff member to system, answers its menus and keeps it active', async () => {
    const staff = await createUser(t.db, { roleCodes: ['staff'] });
    const token = await tokenFor(t.app, staff.account, staff.password);
    const answer = await change(token, 'system');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((menu) => menu.path)).toEqual([
      '/system',
      '/system/user',
      '/system/dashboard',
      '/system/role',
      '/system/menu',
      '/system/dict',
      '/system/outbox',
      '/system/publishing',
      '/system/entitlements',
      '/system/audit',
      '/system/release-notes',
      '/system/advisories',
      '/system/fleet',
    ]);
    const root = answer.body.data[0];
    expect(answer.body.data.filter((menu) => menu.pid === root?.id)).toHaveLength(12);
    const user = await loginUser(token);
    expect(user.apps).toEqual([
      { code: 'mirror', name: 'Downloads', active: false },
      { code: 'system', name: 'System', active: true },
    ]);
    expect(user.menus[0]?.path).toBe('/system');
  });

  it('refuses an application the role does not grant, and one that does not exist', async () => {
    const token = await tokenFor(t.app, customer.account, customer.password);
    for (const application of ['system', 'nope']) {
      const answer = await change(token, application);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(ErrorCode.NO_PERMISSION_OPERATION);
      expect(answer.body.message).toContain(`application ${application}`);
    }
    expect((await loginUser(token)).apps).toEqual([{ code: 'mirror', name: 'Downloads', active: true }]);
  });

  it('answers a user without any role with no apps and no menus', async () => {
    const lonely = await createUser(t.db);
    const token = await tokenFor(t.app, lonely.account, lonely.password);
    const user = await loginUser(token);
    expect(user.apps).toEqual([]);
    expect(user.menus).toEqual([]);
  });

  it('answers the dictionary tree with the 15 industries', async () => {
    const token = await tokenFor(t.app, customer.account, customer.password);
    const answer = await withToken<{ code: string; children: { code: string; name: string }[] }[]>(
      t.app,
      token,
      {
        url: '/api/sysDictType/tree?locale=en-US',
      },
    );
    const industry = answer.body.data.find((node) => node.code === 'industry');
    expect(industry?.children).toHaveLength(15);
    expect(industry?.children.map((child) => child.name)).toContain('Service circulation');
  });
});
