import type { AppEntry, LoginUser } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/session';
import { readStored } from '@/lib/storage';
import { consoleApi } from '@/test/console-stubs';
import { buildLoginUser, buildMenuNode, buildMirrorMenus } from '@/test/factories';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { resetWindowWidth, setWindowWidth } from '@/test/window-width';
import { routes } from '../router';

// The fake notifier (setUpEachTest) must be the one notify() reaches. An antd provider that the
// frame mounts registers antd's own message through NotifierBridge, and the newest registered
// serves: in a full web run the "switch failed" test once found antd's App in the page and the
// fake never called. Without the bridge, which provider mounts when no longer matters here.
vi.mock('@/app/notifier-bridge', () => ({ NotifierBridge: () => null }));

const apps: AppEntry[] = [
  { code: 'mirror', name: 'Downloads', active: true },
  { code: 'system', name: 'System', active: false },
];
const systemMenus = [
  buildMenuNode({
    id: 50,
    name: 'system',
    path: '/system',
    component: 'RouteView',
    meta: { title: 'System' },
  }),
  buildMenuNode({
    id: 51,
    pid: 50,
    name: 'sysUser',
    path: '/system/user',
    component: 'system/user',
    meta: { title: 'Users' },
  }),
];

/** What the system application's users page asks for when it opens (an empty list). */
const usersPageApi = {
  '/api/sysUser/page': () => okResponse({ rows: [], totalRows: 0, pageNo: 1 }),
  '/api/sysUser/roleOptions': () => okResponse([]),
};

function openConsole(url: string, user: LoginUser, extra: Parameters<typeof consoleApi>[1] = {}) {
  setAccessToken('token-1');
  const fetchStub = stubFetch(consoleApi(user, extra));
  const { router } = renderRoutes(routes, url);
  return { fetchStub, pathname: () => router.state.location.pathname };
}

beforeAll(async () => {
  await Promise.all([import('./console-route'), import('./home-route'), import('./welcome-route')]);
});

const notifier = setUpEachTest();

describe('applications', () => {
  it('shows one tab per application and switches menus, routes and the stored list', async () => {
    const app = openConsole('/homePage', buildLoginUser({ apps, menus: buildMirrorMenus() }), {
      '/api/sysMenu/change': () => okResponse(systemMenus),
      ...usersPageApi,
    });
    fireEvent.click(await screen.findByTestId('app-tab-system'));
    await waitFor(() => expect(app.pathname()).toBe('/system/user'));
    // The users page is a lazy chunk: its first import is transformed on demand, which takes
    // seconds when the machine is busy (this failed under a parallel CI run).
    expect(await screen.findByTestId('users-page', {}, { timeout: 15_000 })).toBeTruthy();
    expect(readStored('apps')?.map((entry) => entry.active)).toEqual([false, true]);
  });

  it('says "Application switching exception" when the switch fails', async () => {
    const app = openConsole('/homePage', buildLoginUser({ apps, menus: buildMirrorMenus() }), {
      '/api/sysMenu/change': () => envelopeResponse({ code: 1013003, message: 'No' }, 403),
    });
    fireEvent.click(await screen.findByTestId('app-tab-system'));
    // Through lib/notify: the frame that switches has no antd of its own.
    await waitFor(() =>
      expect(notifier.message.error).toHaveBeenCalledWith({ content: 'Application switching exception' }),
    );
    expect(app.pathname()).toBe('/homePage');
  });

  it('switches to the system application when account settings would be the first page', async () => {
    const settingsOnly = buildMirrorMenus().filter((node) => node.path.startsWith('/account/settings'));
    const app = openConsole('/', buildLoginUser({ apps, menus: settingsOnly }), {
      '/api/sysMenu/change': () => okResponse(systemMenus),
      ...usersPageApi,
    });
    await waitFor(() => expect(app.pathname()).toBe('/system/user'));
    expect(fetchedPaths(app.fetchStub)).toContain('/api/sysMenu/change');
  });
});

describe('no menus', () => {
  it('explains that the user has no menu permission and signs out on confirm', async () => {
    const app = openConsole('/', buildLoginUser({ menus: [] }), { '/api/logout': () => okResponse(null) });
    expect((await screen.findByTestId('no-menu-dialog')).textContent).toBe(
      'No menu permission, please contact the administrator',
    );
    expect(screen.getAllByText('Prompt information').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchedPaths(app.fetchStub)).toContain('/api/logout'));
  });
});

describe('user menu and account pages', () => {
  // The dropdown's code loads on the first interaction (shell/use-first-interaction.ts): a click
  // on the plain button drawn until then loads it and opens it.
  const openUserMenu = async () => {
    fireEvent.click(await screen.findByTestId('user-menu'));
  };

  it('offers center, settings, individual account and logout to a registered user', async () => {
    const app = openConsole('/welcome', buildLoginUser({ menus: buildMirrorMenus() }), {
      '/api/logout': () => okResponse(null),
    });
    await openUserMenu();
    for (const entry of ['Personal center', 'Account settings', 'Individual account']) {
      expect(await screen.findByText(entry)).toBeTruthy();
    }
    fireEvent.click(screen.getByTestId('logout'));
    await waitFor(() => expect(fetchedPaths(app.fetchStub)).toContain('/api/logout'));
  });

  it('opens the default security section of account settings', async () => {
    const app = openConsole('/account/settings', buildLoginUser({ menus: buildMirrorMenus() }));
    expect(await screen.findByTestId('settings-section-security')).toBeTruthy();
    expect(app.pathname()).toBe('/account/settings/security');
  });

  it('hides account settings from other users and answers its URL with 403', async () => {
    openConsole('/account/settings/base', buildLoginUser({ sourceType: '02', menus: buildMirrorMenus() }));
    expect(await screen.findByTestId('error-page-403')).toBeTruthy();
    await openUserMenu();
    const dropdown = (await screen.findByText('Personal center')).closest('ul');
    expect(dropdown?.textContent).toContain('Individual account');
    expect(dropdown?.textContent).not.toContain('Account settings');
  });

  it('shows the console home with the last sign-in and the personal center tabs', async () => {
    const user = buildLoginUser({
      menus: buildMirrorMenus(),
      lastLoginIp: '10.0.0.7',
      lastLoginTime: '2026-01-02T03:04:05Z',
    });
    openConsole('/welcome', user);
    expect((await screen.findByTestId('last-login')).textContent).toMatch(/IP: 10\.0\.0\.7$/);
    expect(screen.getByTestId('page-header').textContent).toContain('Welcome');
  });
});

describe('layout', () => {
  it('holds the header tools and a logo title that fits the top-menu width, the full name in its tooltip', async () => {
    openConsole('/homePage', buildLoginUser({ menus: buildMirrorMenus() }));
    for (const id of ['notice-icon', 'release-notes-button', 'settings-button', 'app-switch-button']) {
      expect(await screen.findByTestId(id)).toBeTruthy();
    }
    const logoTitle = screen.getByTestId('logo-title');
    expect(logoTitle.textContent).toBe('FWPortal');
    expect(logoTitle.title).toBe('Server Firmware & Software Portal');
    expect(screen.getByTestId('logo').textContent).toContain('FWPortal, Server Firmware & Software Portal');
    expect(screen.getByTestId('basic-layout').dataset.layout).toBe('topmenu');
  });

  it('uses a drawer menu on phones', async () => {
    setWindowWidth(400);
    try {
      openConsole('/homePage', buildLoginUser({ menus: buildMirrorMenus() }));
      fireEvent.click(await screen.findByTestId('menu-toggle'));
      const drawer = await screen.findByTestId('mobile-menu-drawer');
      expect(drawer.textContent).toContain('Agile Customization');
      expect(screen.queryByTestId('app-tabs')).toBeNull();
    } finally {
      resetWindowWidth(1024);
    }
  });
});
