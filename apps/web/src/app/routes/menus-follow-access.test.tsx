import { ACCESS_VERSION_HEADER, type LoginUser } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { resetAccessVersion } from '@/lib/access-version';
import { apiClient } from '@/lib/api-client';
import { setAccessToken } from '@/lib/session';
import { consoleApi } from '@/test/console-stubs';
import { buildLoginUser, buildMirrorMenus } from '@/test/factories';
import { type FetchRoute, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { routes } from '../router';

/** What the server would answer at this moment: the user's menus and the access version. */
interface Server {
  user: LoginUser;
  version: number;
}

const withVersion = (response: Response, version: number) => {
  response.headers.set(ACCESS_VERSION_HEADER, String(version));
  return response;
};

/** A customer holding the mirror menus `paths`. */
function customerWith(paths: readonly string[]): LoginUser {
  const menus = buildMirrorMenus().filter((menu) => paths.includes(menu.path));
  return buildLoginUser({
    menus,
    appOfPath: Object.fromEntries(menus.map((menu) => [menu.path, 'mirror'])),
  });
}

/** Opens the console at `url`; every answer carries the server's version of the moment. */
function openConsole(url: string, server: Server) {
  setAccessToken('token-1');
  const api: Record<string, FetchRoute> = {
    ...consoleApi(server.user, { '/api/ping': () => okResponse(null) }),
    '/api/getLoginUser': () => okResponse(server.user),
  };
  const versioned = Object.entries(api).map(([path, answer]): [string, FetchRoute] => [
    path,
    async (requestUrl, init) => withVersion(await answer(requestUrl, init), server.version),
  ]);
  const fetchStub = stubFetch(Object.fromEntries(versioned));
  const { router } = renderRoutes(routes, url);
  return {
    router,
    userLoads: () => fetchedPaths(fetchStub).filter((path) => path === '/api/getLoginUser'),
  };
}

/** Any request of the user's: the next one after staff changed something. */
const nextRequest = () => act(() => apiClient.get('/ping', z.null()));

const topMenuLinks = () =>
  within(screen.getByTestId('nav-menu-horizontal'))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeAll(async () => {
  await Promise.all([import('./console-route'), import('./home-route'), import('./welcome-route')]);
});
setUpEachTest();
afterEach(resetAccessVersion);

describe('menus following what staff grant', () => {
  it('loads the user again after an answer with a newer access version, and the menu shows the new page', async () => {
    const server: Server = { user: customerWith(['/homePage', '/welcome']), version: 5 };
    const app = openConsole('/homePage', server);
    await screen.findByTestId('nav-menu-horizontal');
    expect(topMenuLinks()).toEqual(['Home Page', 'Welcome']);

    await nextRequest();
    expect(app.userLoads()).toHaveLength(1);

    // Staff grant Firmware: the next answer says so, whichever request it is.
    server.user = customerWith(['/homePage', '/welcome', '/mirror/custmirrordownload']);
    server.version = 6;
    await nextRequest();
    await waitFor(() => expect(topMenuLinks()).toEqual(['Home Page', 'Welcome', 'Firmware']));
    expect(app.userLoads()).toHaveLength(2);
    expect(app.router.state.location.pathname).toBe('/homePage');

    await nextRequest();
    expect(app.userLoads()).toHaveLength(2);
  });

  it('says the page is no longer permitted when the page shown is taken away', async () => {
    const server: Server = { user: customerWith(['/homePage', '/welcome']), version: 5 };
    const app = openConsole('/welcome', server);
    await screen.findByTestId('welcome-page');

    server.user = customerWith(['/homePage']);
    server.version = 6;
    await nextRequest();

    expect(await screen.findByTestId('error-page-403')).toBeTruthy();
    expect(screen.queryByTestId('welcome-page')).toBeNull();
    // In the frame, with the menu as it now is, on the same address.
    expect(topMenuLinks()).toEqual(['Home Page']);
    expect(app.router.state.location.pathname).toBe('/welcome');
  });
});
