import { ErrorCode } from '@portal/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { getAccessToken, setAccessToken } from '@/lib/session';
import { buildLoginUser } from '@/test/factories';
import { installFakeNotifier } from '@/test/fake-notifier';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render-with-providers';
import { routes } from './router';

const configAnswer = () => okResponse({ captchaEnabled: false, portalName: 'Portal' });
const userAnswer = () => okResponse(buildLoginUser({ nickName: 'Demo User' }));

/** Mounts the real route tree at `url`. */
function openApp(url: string) {
  const { router } = renderRoutes(routes, url);
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { currentUrl };
}

beforeEach(async () => {
  installFakeNotifier();
  await act(() => changeLocale('en-US'));
});

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
    stubFetch({ '/api/getLoginUser': userAnswer });
    const app = openApp('/user/login?redirect=%2FhomePage%3Ftab%3Ddownloads');
    expect((await screen.findByTestId('current-user')).textContent).toBe('Demo User');
    expect(app.currentUrl()).toBe('/homePage?tab=downloads');
    expect(screen.getByText('Firmware · Current')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home Page - Server Firmware & Software Portal'));
  });

  it.each(['/', '/no/such/page'])('falls back to the home page for a signed-in user at %s', async (url) => {
    setAccessToken('token-1');
    stubFetch({ '/api/getLoginUser': userAnswer });
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

  it('shows the public not-found page without a token', async () => {
    stubFetch({});
    openApp('/404');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });
});
