import {
  type AuditEntry,
  ErrorCode,
  type LoginUser,
  type MenuAdminRow,
  type MenuInput,
  type Page,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roleMenus, roles } from '../../db/schema';
import { adminPagesPerTest } from '../../test/admin-pages';
import { signedInUser } from '../../test/signed-in-user';
import { type Method, withToken } from '../../test/requests';
import { DRIVERS, type TestApp } from '../../test/test-app';

type Fields = { field: string; message: string }[];

describe.each(DRIVERS)('menu tree administration on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  const call = adminPagesPerTest(driver, (app, token) => {
    [t, admin] = [app, token];
  });
  const list = async (application: string) =>
    (await call<MenuAdminRow[]>(admin, 'GET', `/api/sysMenu/list?application=${application}`)).body.data;
  const byPath = async (application: string, path: string) => {
    const menu = (await list(application)).find((row) => row.path === path);
    if (!menu) throw new Error(`no menu ${path}`);
    return menu;
  };
  const page: MenuInput = {
    appCode: 'mirror',
    pid: 0,
    name: 'faq',
    path: '/faq',
    component: 'Welcome',
    titleZh: '常见问题',
    titleEn: 'FAQ',
    icon: 'question',
    sort: 50,
  };

  it('refuses every endpoint to a user without the menus permissions (403, 1013002)', async () => {
    const { token } = await signedInUser(t);
    const home = await byPath('mirror', '/homePage');
    const attempts: [Method, string, object?][] = [
      ['GET', '/api/sysMenu/apps'],
      ['GET', '/api/sysMenu/list?application=mirror'],
      ['POST', '/api/sysMenu/add', page],
      ['PUT', `/api/sysMenu/${home.id}`, { ...page, path: '/homePage' }],
      ['DELETE', `/api/sysMenu/${home.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(token, method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);
    }
    expect((await byPath('mirror', '/homePage')).titleEn).toBe('Home Page');
  });

  it('lists applications and their menus flat, with both titles', async () => {
    const apps = await call<{ code: string; name: string }[]>(admin, 'GET', '/api/sysMenu/apps');
    expect(apps.body.data).toEqual([
      { code: 'mirror', name: 'Downloads' },
      { code: 'system', name: 'System' },
    ]);
    const system = await list('system');
    expect(system[0]).toMatchObject({ path: '/system', pid: 0, titleZh: '系统管理', component: 'RouteView' });
    // 12 since "Customer fleets" (migration 0032), 14 since the PSIRT pages (migration 0036).
    expect(system.filter((menu) => menu.pid === system[0]?.id)).toHaveLength(14);
    const unknown = await call<Fields>(admin, 'GET', '/api/sysMenu/list?application=nope');
    expect([unknown.status, unknown.body.data]).toEqual([
      400,
      [{ field: 'application', message: 'is not an application' }],
    ]);
  });

  it('creates, edits and deletes a menu that shows in the menus of users granted it; all audited', async () => {
    const created = await call<MenuAdminRow>(admin, 'POST', '/api/sysMenu/add', page);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ path: '/faq', show: true, hideChildren: false, target: null });
    const id = created.body.data.id;
    // Granted to customers, it reaches a customer at the next request.
    const [customer] = await t.db.select().from(roles).where(eq(roles.code, 'customer'));
    if (!customer) throw new Error('no customer role');
    await t.db.insert(roleMenus).values({ roleId: customer.id, menuId: id });
    const { token } = await signedInUser(t);
    const menusOf = async () =>
      (await withToken<LoginUser>(t.app, token, { url: '/api/getLoginUser?locale=en-US' })).body.data.menus;
    expect((await menusOf()).find((menu) => menu.path === '/faq')?.meta.title).toBe('FAQ');

    const edited = await call<MenuAdminRow>(admin, 'PUT', `/api/sysMenu/${id}`, {
      ...page,
      appCode: 'system',
      titleEn: 'Questions',
      show: false,
      hideChildren: true,
    });
    expect(edited.body.data).toMatchObject({ appCode: 'mirror', titleEn: 'Questions', show: false });
    expect((await menusOf()).find((menu) => menu.path === '/faq')?.meta).toMatchObject({
      title: 'Questions',
      show: false,
    });

    const child = await call<MenuAdminRow>(admin, 'POST', '/api/sysMenu/add', {
      ...page,
      pid: id,
      name: 'faqDownloads',
      path: '/faq/downloads',
    });
    expect(child.status).toBe(200);
    const refused = await call(admin, 'DELETE', `/api/sysMenu/${id}`);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      ErrorCode.MENU_HAS_CHILDREN,
      'Menu faq has sub-menus; delete or move them first',
    ]);
    expect((await call(admin, 'DELETE', `/api/sysMenu/${child.body.data.id}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/api/sysMenu/${id}`)).status).toBe(200);
    // The role's grant of it went with it.
    expect(await t.db.select().from(roleMenus).where(eq(roleMenus.menuId, id))).toEqual([]);
    expect((await menusOf()).some((menu) => menu.path === '/faq')).toBe(false);
    expect((await call(admin, 'DELETE', `/api/sysMenu/${id}`)).body.code).toBe(ErrorCode.MENU_NOT_FOUND);

    const actions = (await call<Page<AuditEntry>>(admin, 'GET', '/api/sysAudit/page?q=menu.&pageSize=50'))
      .body.data.rows;
    expect(actions.map((row) => row.action).sort()).toEqual([
      'menu.create',
      'menu.create',
      'menu.delete',
      'menu.delete',
      'menu.update',
    ]);
  });

  it('validates paths, components, links and the parent, and refuses duplicate paths', async () => {
    const fieldsOf = async (input: MenuInput, locale = 'en-US') => {
      const answer = await call<Fields>(admin, 'POST', '/api/sysMenu/add', input, locale);
      expect(answer.body.code).toBe(ErrorCode.PARAM_ERROR);
      return answer.body.data;
    };
    expect(await fieldsOf({ ...page, path: 'faq', component: 'nope/Page' })).toEqual([
      { field: 'path', message: "must be '/' followed by letters, digits, '_', '-', '.' separated by '/'" },
      { field: 'component', message: 'is not a page the console knows' },
    ]);
    expect((await fieldsOf({ ...page, path: '/faq page' }, 'zh-CN'))[0]?.message).toBe(
      '须以 / 开头，各段只能包含字母、数字、_、- 和 .',
    );
    expect(await fieldsOf({ ...page, target: '_blank', path: '/faq' })).toEqual([
      { field: 'path', message: 'must be an http:// or https:// address for a menu opened in a new window' },
    ]);
    expect(await fieldsOf({ ...page, link: 'javascript:alert(1)' })).toEqual([
      { field: 'link', message: 'must be an http:// or https:// address for a menu opened in a new window' },
    ]);
    const systemRoot = await byPath('system', '/system');
    expect(await fieldsOf({ ...page, pid: systemRoot.id })).toEqual([
      {
        field: 'pid',
        message: 'must be a menu of the same application, and not the menu itself or one of its sub-menus',
      },
    ]);
    expect(await fieldsOf({ ...page, appCode: 'nope' })).toEqual([
      { field: 'appCode', message: 'is not an application' },
    ]);
    const shape = await call<Fields>(admin, 'POST', '/api/sysMenu/add', { ...page, titleEn: '', sort: 'x' });
    expect([shape.status, shape.body.code]).toEqual([400, ErrorCode.PARAM_ERROR]);
    expect(shape.body.data.map((field) => field.field).sort()).toEqual(['sort', 'titleEn']);

    // An external link and an embedded frame need no component.
    const external = await call(admin, 'POST', '/api/sysMenu/add', {
      ...page,
      name: 'vendor',
      path: 'https://example.com/vendor',
      target: '_blank',
      component: '',
    });
    expect(external.status).toBe(200);
    const frame = await call(admin, 'POST', '/api/sysMenu/add', {
      ...page,
      name: 'wiki',
      path: '/wiki',
      link: 'https://example.com/wiki?token=',
      component: '',
    });
    expect(frame.status).toBe(200);

    const duplicate = await call<Fields>(admin, 'POST', '/api/sysMenu/add', { ...page, path: '/homePage' });
    expect([duplicate.status, duplicate.body.code, duplicate.body.message]).toEqual([
      409,
      ErrorCode.MENU_PATH_EXISTS,
      'Path /homePage is already used by another menu of this application',
    ]);
    expect(duplicate.body.data).toEqual([{ field: 'path', message: 'is already used' }]);
    // The same path in another application is another route.
    expect(
      (await call(admin, 'POST', '/api/sysMenu/add', { ...page, appCode: 'system', path: '/homePage' }))
        .status,
    ).toBe(200);
    const welcome = await byPath('mirror', '/welcome');
    const moved = await call(admin, 'PUT', `/api/sysMenu/${welcome.id}`, { ...page, path: '/homePage' });
    expect(moved.body.code).toBe(ErrorCode.MENU_PATH_EXISTS);
    // Keeping its own path is fine; a menu cannot become its own descendant.
    const users = await byPath('system', '/system/user');
    const ownPath = await call(admin, 'PUT', `/api/sysMenu/${systemRoot.id}`, {
      ...page,
      appCode: 'system',
      path: '/system',
      component: 'RouteView',
      pid: users.id,
    });
    expect((ownPath.body.data as Fields)[0]?.field).toBe('pid');
  });
});
