import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, Outlet, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, type MenuRoute } from '@/lib/menu-tree';
import { buildMenuNode, buildMirrorMenus } from '@/test/factories';
import { buildMenuRoutes, isOutsideLayout, resolveMenuPath, type RouteKit } from './build-menu-routes';

const kit: RouteKit = {
  pages: {
    HomePage: () => <p>home page</p>,
    Welcome: (route) => <p>welcome page: {route.meta.title}</p>,
    'account/settings': () => (
      <section>
        settings layout <Outlet />
      </section>
    ),
    'account/settings/base': () => <p>base section</p>,
    'account/settings/security': () => <p>security section</p>,
    RouteView: () => <Outlet />,
    'system/user': () => <p>users page</p>,
  },
  notFound: () => <p>not found</p>,
  frame: (_route: MenuRoute, link: string) => <p>frame of {link}</p>,
  firstLoad: () => <p>first load</p>,
};

function open(nodes: Parameters<typeof buildMenuTree>[0], url: string) {
  const routes = buildMenuRoutes(buildMenuTree(nodes), kit);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { routes, pathname: () => router.state.location.pathname };
}

describe('buildMenuRoutes', () => {
  it('renders the registered page of a menu route, hidden ones included', async () => {
    open(buildMirrorMenus(), '/homePage');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('passes the menu route to the page factory', async () => {
    open([buildMenuNode({ path: '/welcome', component: 'Welcome', meta: { title: 'Console' } })], '/welcome');
    expect(await screen.findByText('welcome page: Console')).toBeTruthy();
  });

  it('lets a page with sub-paths answer the paths below its own (an advisory below the list)', async () => {
    const Page = () => <p>advisories at {useParams()['*'] || 'the list'}</p>;
    const routes = buildMenuRoutes(
      buildMenuTree([buildMenuNode({ path: '/security/advisories', component: 'security/Advisories' })]),
      {
        ...kit,
        pages: { ...kit.pages, 'security/Advisories': () => <Page /> },
        withSubPaths: new Set(['security/Advisories']),
      },
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/security/advisories/PFW-2026-0001'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('advisories at PFW-2026-0001')).toBeTruthy();
    await act(() => router.navigate('/security/advisories'));
    expect(await screen.findByText('advisories at the list')).toBeTruthy();
  });

  it('renders the not-found page for a component it does not know', async () => {
    open([buildMenuNode({ path: '/mystery', component: 'does/not/exist' })], '/mystery');
    expect(await screen.findByText('not found')).toBeTruthy();
  });

  it('renders an embedded frame for meta.link, and not-found for an empty link', async () => {
    const nodes = [
      buildMenuNode({ path: '/report', meta: { link: 'https://bi.example/report?token=' } }),
      buildMenuNode({ path: '/empty-frame', meta: { link: '' } }),
    ];
    open(nodes, '/report');
    expect(await screen.findByText('frame of https://bi.example/report?token=')).toBeTruthy();
    open(nodes, '/empty-frame');
    expect(await screen.findByText('not found')).toBeTruthy();
  });

  it('nests child pages under their layout and redirects the parent to its default child', async () => {
    const app = open(buildMirrorMenus(), '/account/settings');
    expect(await screen.findByText('security section')).toBeTruthy();
    expect(screen.getByText(/settings layout/)).toBeTruthy();
    expect(app.pathname()).toBe('/account/settings/security');
  });

  it('redirects a RouteView group without redirect to its first child', async () => {
    const nodes = [
      buildMenuNode({ id: 1, path: '/system', component: 'RouteView' }),
      buildMenuNode({ id: 2, pid: 1, path: '/system/user', component: 'system/user' }),
    ];
    const app = open(nodes, '/system');
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(app.pathname()).toBe('/system/user');
  });

  it('hoists a child whose path is outside its parent instead of failing', async () => {
    const nodes = [
      buildMenuNode({ id: 1, path: '/group', component: 'RouteView' }),
      buildMenuNode({ id: 2, pid: 1, path: '/elsewhere', component: 'HomePage' }),
    ];
    open(nodes, '/elsewhere');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('makes no route of an external link', () => {
    const routes = buildMenuRoutes(
      buildMenuTree([buildMenuNode({ path: 'https://example.com', meta: { target: '_blank' } })]),
      kit,
    );
    expect(routes.map((route) => route.path)).toEqual(['/', '*']);
  });

  it('sends unknown paths to /homePage', async () => {
    const app = open(buildMirrorMenus(), '/no/such/page');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(app.pathname()).toBe('/homePage');
  });

  it('sends unknown paths to the first page when the application has no /homePage', async () => {
    const nodes = [
      buildMenuNode({ id: 1, path: '/system', component: 'RouteView' }),
      buildMenuNode({ id: 2, pid: 1, path: '/system/user', component: 'system/user' }),
    ];
    const app = open(nodes, '/homePage');
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(app.pathname()).toBe('/system/user');
  });

  it('renders not-found for any path without menus, and the first-load step at the root', async () => {
    open([], '/anything');
    expect(await screen.findByText('not found')).toBeTruthy();
    open(buildMirrorMenus(), '/');
    expect(await screen.findByText('first load')).toBeTruthy();
  });

  it('marks redirects and the first-load step as rendered outside the layout', () => {
    const routes = buildMenuRoutes(buildMenuTree(buildMirrorMenus()), kit);
    const leafAt = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;
    expect(isOutsideLayout(leafAt('/'))).toBe(true);
    expect(isOutsideLayout(leafAt('/unknown'))).toBe(true);
    expect(isOutsideLayout(leafAt('/account/settings'))).toBe(true);
    expect(isOutsideLayout(leafAt('/account/settings/base'))).toBe(false);
    expect(isOutsideLayout(leafAt('/homePage'))).toBe(false);
  });

  it('resolves a path through the redirects to the page it finally shows', () => {
    const routes = buildMenuRoutes(buildMenuTree(buildMirrorMenus()), kit);
    expect(resolveMenuPath(routes, '/account/settings')).toBe('/account/settings/security');
    expect(resolveMenuPath(routes, '/welcome')).toBe('/welcome');
    expect(resolveMenuPath(routes, '/unknown')).toBe('/homePage');
  });
});
