import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { getAccessToken } from '@/lib/session';
import { fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';

// The first render of a long antd form can take over a second on a busy two-core machine.

const configAnswer = () => okResponse({ captchaEnabled: false, portalName: 'Portal' });

setUpEachTest();

/** The pages inside the app's real route tree: guard, user layout and lazy loading included. */
describe('the recovery pages in the app router', () => {
  it("opens a mailed link without taking its token for a session's and shows the expired page", async () => {
    const fetchStub = stubFetch({
      '/api/config': configAnswer,
      '/api/auth/recover/check': () => okResponse({ valid: false, account: null }),
    });
    const { router } = renderRoutes(routes, '/user/recover?token=spent-link');

    expect(await screen.findByTestId('password-link-expired')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/password-link-expired');
    expect(getAccessToken()).toBeUndefined();
    expect(fetchedPaths(fetchStub)).toContain('/api/auth/recover/check');
    expect(document.title).toBe('Link expired - Server Firmware & Software Portal');
  });

  it('leads from the expired page to sign-in', async () => {
    stubFetch({ '/api/config': configAnswer });
    const { router } = renderRoutes(routes, '/user/password-link-expired');
    fireEvent.click(await screen.findByTestId('expired-sign-in'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/login');
  });
});
