import type { LoginUser, MenuNode } from '@portal/contract';

/** A signed-in user as GET /getLoginUser answers it; override what a test cares about. */
export function buildLoginUser(overrides: Partial<LoginUser> = {}): LoginUser {
  return {
    id: 1,
    account: 'demo',
    nickName: 'Demo User',
    name: 'Demo',
    avatar: null,
    email: 'demo@example.com',
    phone: '',
    adminType: '2',
    sourceType: '01',
    locale: 'en-US',
    lastLoginIp: null,
    lastLoginTime: null,
    apps: [{ code: 'mirror', name: 'Firmware', active: true }],
    roles: [],
    permissions: [],
    menus: [],
    ...overrides,
  };
}

type MenuNodeOverrides = Partial<Omit<MenuNode, 'meta'>> & { meta?: Partial<MenuNode['meta']> };

let nextMenuId = 1000;

/** A node of the server's flat menu list; a root page by default. */
export function buildMenuNode({ meta, ...overrides }: MenuNodeOverrides = {}): MenuNode {
  const id = overrides.id ?? nextMenuId++;
  const name = overrides.name ?? `menu${id}`;
  return {
    id,
    pid: 0,
    name,
    key: name,
    path: `/${name}`,
    component: 'Welcome',
    redirect: null,
    hideChildren: false,
    ...overrides,
    meta: { title: name, icon: null, show: true, hideChildren: false, target: null, link: null, ...meta },
  };
}

/** The menus of the `mirror` application roughly as the seed grants them to a customer. */
export function buildMirrorMenus(): MenuNode[] {
  const page = (id: number, name: string, path: string, component: string, title: string, show = true) =>
    buildMenuNode({ id, name, path, component, meta: { title, show } });
  return [
    page(1, 'homePage', '/homePage', 'HomePage', 'Home Page'),
    page(2, 'welcome', '/welcome', 'Welcome', 'Welcome'),
    page(3, 'firmware', '/mirror/custmirrordownload', 'mirror/CustMirrorDownload', 'Firmware'),
    page(4, 'software', '/tools/toolsdownload', 'tools/ToolsDownload', 'Software'),
    page(5, 'agile', '/erp_tool', 'ErpTool', 'Agile Customization'),
    page(6, 'toolsDownload', '/tools_download', 'tools/RequestedTool', 'Tool download', false),
    page(7, 'center', '/account/center', 'account/center', 'Personal center', false),
    buildMenuNode({
      id: 8,
      name: 'settings',
      path: '/account/settings',
      component: 'account/settings',
      redirect: '/account/settings/security',
      hideChildren: true,
      meta: { title: 'Account settings', show: false, hideChildren: true },
    }),
    ...['base', 'security', 'custom', 'binding', 'notification'].map((key, index) =>
      buildMenuNode({
        id: 9 + index,
        pid: 8,
        name: `settings-${key}`,
        path: `/account/settings/${key}`,
        component: `account/settings/${key}`,
        meta: { title: `Settings ${key}`, show: false },
      }),
    ),
  ];
}
