import { ErrorCode } from '@portal/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, getCurrentLocale } from '@/lib/i18n';
import { getAccessToken, setAccessToken } from '@/lib/session';
import { readStored } from '@/lib/storage';
import { buildVersionRow } from '@/features/catalog/test-data';
import { consoleApi } from '@/test/console-stubs';
import { buildLoginUser, buildMirrorMenus } from '@/test/factories';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { routes } from './router';

const configAnswer = () => okResponse({ captchaEnabled: false, portalName: 'Portal' });
const user = buildLoginUser({ nickName: 'Demo User', menus: buildMirrorMenus() });

/** Mounts the real route tree at `url`. */
function openApp(url: string) {
  const { router } = renderRoutes(routes, url);
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { currentUrl };
}

// The console and its pages load lazily; loading them once up front keeps each test's waits short.
beforeAll(async () => {
  await Promise.all([import('./routes/console-route'), import('./routes/home-route')]);
});

setUpEachTest();

describe('RouteGuard', () => {
  it.each([
    ['/homePage?tab=downloads', '/user/login?redirect=%2FhomePage%3Ftab%3Ddownloads'],
    ['/account/center', '/user/login?redirect=%2Faccount%2Fcenter'],
  ])('sends a signed-out visitor of %s to sign-in with the wanted path', async (wanted, expected) => {
    stubFetch({ '/api/config': configAnswer });
    const app = openApp(wanted);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(app.currentUrl()).toBe(expected);
    await waitFor(() => expect(document.title).toBe('Sign in - Server Firmware & Software Portal'));
  });

  it('moves a signed-in user away from sign-in to the redirect target, loading the user first', async () => {
    setAccessToken('token-1');
    stubFetch(consoleApi(user));
    const app = openApp('/user/login?redirect=%2FhomePage%3Ftab%3Ddownloads');
    expect((await screen.findByTestId('current-user')).textContent).toBe('Demo User');
    await waitFor(() => expect(app.currentUrl()).toBe('/homePage?tab=downloads'));
    expect(await screen.findByText('Firmware · Current')).toBeTruthy();
    // The title of a console page is its menu title.
    await waitFor(() => expect(document.title).toBe('Home Page - Server Firmware & Software Portal'));
  });

  it.each(['/', '/no/such/page'])('opens the first menu page for a signed-in user at %s', async (url) => {
    setAccessToken('token-1');
    stubFetch(consoleApi(user));
    const app = openApp(url);
    await screen.findByTestId('current-user');
    expect(app.currentUrl()).toBe('/homePage');
  });

  it('forgets the token and asks for sign-in when the user cannot be loaded', async () => {
    setAccessToken('token-1');
    stubFetch({
      '/api/config': configAnswer,
      '/api/getLoginUser': () => envelopeResponse({ code: ErrorCode.SERVER_ERROR, message: 'Boom' }, 500),
    });
    const app = openApp('/homePage');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(app.currentUrl()).toBe('/user/login?redirect=%2FhomePage');
    expect(getAccessToken()).toBeUndefined();
  });

  it.each([
    ['/403', 'No permission'],
    ['/404', 'Page not found'],
    ['/500', 'Server error'],
  ])('shows the public error page %s without a token', async (url, title) => {
    stubFetch({});
    openApp(url);
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the console' })).toBeTruthy();
  });

  it.each([
    ['/user/register', 'Create an account to download server firmware and software', 'link'],
    ['/user/password-link-expired', 'Link expired', 'button'],
  ] as const)('shows the public page %s without a token, with a way to sign in', async (url, text, role) => {
    stubFetch({ '/api/config': configAnswer, '/api/auth/industries': () => okResponse([]) });
    openApp(url);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole(role, { name: 'Sign in' })).toBeTruthy();
  });
});

describe('token links', () => {
  it('signs in with the token, switches language, stores the tool and lands on /tools_download', async () => {
    await act(() => changeLocale('zh-CN'));
    stubFetch({
      ...consoleApi(user),
      '/api/catalog/tools/uKits': () =>
        okResponse({
          item: {
            code: 'server-ukits',
            kind: 'TOOL',
            section: 'ukits',
            name: 'USB tool suite uKits',
            description: 'Tools on a USB stick',
            visibility: 'signed_in',
          },
          latest: buildVersionRow({
            itemCode: 'server-ukits',
            itemName: 'USB tool suite uKits',
            version: '2.0.1',
          }),
        }),
    });
    const app = openApp('/tools/toolsdownload?token=link-token&locale=en&tool=uKits');
    expect(await screen.findByTestId('requested-tool')).toBeTruthy();
    expect(app.currentUrl()).toBe('/tools_download');
    expect(getAccessToken()).toBe('link-token');
    expect(readStored('requestTool')).toBe('uKits');
    expect(getCurrentLocale()).toBe('en-US');
    // The newest version of the tool the link asked for, ready to download.
    expect(screen.getByTestId('requested-tool').textContent).toContain('USB tool suite uKits');
    expect(screen.getByTestId('requested-tool').textContent).toContain('2.0.1');
    expect(screen.getByTestId('download-1')).toBeTruthy();
  });

  it.each([
    ['token-link-keep', 'mine'],
    ['token-link-accept', 'link-token'],
  ] as const)(
    'asks before a link switches a signed-in reader to another session (%s)',
    async (button, kept) => {
      setAccessToken('mine');
      stubFetch({
        ...consoleApi(user),
        '/api/catalog/tools/uKits': () =>
          envelopeResponse({ code: ErrorCode.CATALOG_NOT_VISIBLE, message: 'gone' }, 404),
      });
      const app = openApp('/tools/toolsdownload?token=link-token&locale=en&tool=uKits');
      await screen.findByTestId('token-link-switch');
      // Nothing changed before the reader chose.
      expect(getAccessToken()).toBe('mine');
      screen.getByTestId(button).click();
      await waitFor(() => expect(app.currentUrl()).toBe('/tools_download'));
      expect(getAccessToken()).toBe(kept);
      expect(readStored('requestTool')).toBe('uKits');
    },
  );

  it('sends an empty token to sign-in, returning to the software download page', async () => {
    stubFetch({ '/api/config': configAnswer });
    const app = openApp('/homePage?token=&tool=uKits');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(app.currentUrl()).toBe('/user/login?redirect=%2Ftools%2Ftoolsdownload');
    expect(getAccessToken()).toBeUndefined();
  });
});
