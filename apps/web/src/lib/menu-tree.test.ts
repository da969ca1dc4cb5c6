import { describe, expect, it } from 'vitest';
import { buildMenuNode, buildMirrorMenus } from '@/test/factories';
import {
  buildMenuTree,
  findMenuTrail,
  firstRouteOf,
  flattenMenu,
  isEmbeddedFrame,
  isExternalLink,
  visibleMenu,
} from './menu-tree';

const paths = (routes: { path: string }[]) => routes.map((route) => route.path);

describe('buildMenuTree', () => {
  it('groups the flat list by pid from the root, keeping server order', () => {
    const tree = buildMenuTree([
      buildMenuNode({ id: 1, name: 'b' }),
      buildMenuNode({ id: 3, pid: 2, name: 'a1', path: '/a/1' }),
      buildMenuNode({ id: 2, name: 'a' }),
      buildMenuNode({ id: 4, pid: 2, name: 'a2', path: '/a/2' }),
    ]);
    expect(paths(tree)).toEqual(['/b', '/a']);
    expect(paths(tree[1]?.children ?? [])).toEqual(['/a/1', '/a/2']);
  });

  it('drops nodes whose parent was not sent, and survives a cycle', () => {
    const tree = buildMenuTree([
      buildMenuNode({ id: 1, name: 'root' }),
      buildMenuNode({ id: 5, pid: 99, name: 'orphan' }),
      buildMenuNode({ id: 6, pid: 7, name: 'loopA' }),
      buildMenuNode({ id: 7, pid: 6, name: 'loopB' }),
    ]);
    expect(paths(flattenMenu(tree))).toEqual(['/root']);
  });

  it('maps show=false to hidden and either hideChildren flag to hideChildrenInMenu', () => {
    const [settings] = buildMenuTree(buildMirrorMenus()).filter((route) => route.name === 'settings');
    expect(settings).toMatchObject({
      hidden: true,
      hideChildrenInMenu: true,
      redirect: '/account/settings/security',
    });
    expect(settings?.children).toHaveLength(5);
    const [onlyMeta] = buildMenuTree([buildMenuNode({ meta: { hideChildren: true } })]);
    expect(onlyMeta?.hideChildrenInMenu).toBe(true);
  });
});

describe('visibleMenu', () => {
  it('skips hidden routes and the children of hideChildren routes', () => {
    const tree = buildMenuTree([
      buildMenuNode({ id: 1, name: 'shown' }),
      buildMenuNode({ id: 2, name: 'hidden', meta: { show: false } }),
      buildMenuNode({ id: 3, name: 'group', hideChildren: true }),
      buildMenuNode({ id: 4, pid: 3, name: 'child', path: '/group/child' }),
    ]);
    const menu = visibleMenu(tree);
    expect(paths(menu)).toEqual(['/shown', '/group']);
    expect(menu[1]?.children).toEqual([]);
    // The routes themselves are untouched.
    expect(tree[2]?.children).toHaveLength(1);
  });
});

describe('link kinds', () => {
  it('tells external links (meta.target) and embedded frames (meta.link) apart', () => {
    const [external, frame, page] = buildMenuTree([
      buildMenuNode({ id: 1, path: 'https://example.com', meta: { target: '_blank' } }),
      buildMenuNode({ id: 2, meta: { link: 'https://example.com/report?token=' } }),
      buildMenuNode({ id: 3 }),
    ]);
    expect([external, frame, page].map((route) => route && isExternalLink(route))).toEqual([
      true,
      false,
      false,
    ]);
    expect([external, frame, page].map((route) => route && isEmbeddedFrame(route))).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe('firstRouteOf', () => {
  it('is the first visible leaf, skipping external links and descending into groups', () => {
    const tree = buildMenuTree([
      buildMenuNode({ id: 1, name: 'ext', path: 'https://example.com', meta: { target: '_blank' } }),
      buildMenuNode({ id: 2, name: 'secret', meta: { show: false } }),
      buildMenuNode({ id: 3, name: 'system', component: 'RouteView' }),
      buildMenuNode({ id: 4, pid: 3, name: 'user', path: '/system/user' }),
    ]);
    expect(firstRouteOf(tree)?.path).toBe('/system/user');
  });

  it('is the home page for the mirror menus', () => {
    expect(firstRouteOf(buildMenuTree(buildMirrorMenus()))?.path).toBe('/homePage');
  });

  it('falls back to the first route at all when everything is hidden', () => {
    const settingsOnly = buildMirrorMenus().filter((node) => node.path.startsWith('/account/settings'));
    expect(firstRouteOf(buildMenuTree(settingsOnly))?.path).toBe('/account/settings/base');
  });

  it('is undefined without menus', () => {
    expect(firstRouteOf([])).toBeUndefined();
  });
});

describe('findMenuTrail', () => {
  const tree = buildMenuTree(buildMirrorMenus());

  it.each([
    ['/account/settings/security', ['/account/settings', '/account/settings/security']],
    ['/welcome', ['/welcome']],
    ['/welcome/', ['/welcome']],
    ['/mirror/custmirrordownload/detail', ['/mirror/custmirrordownload']],
    ['/nowhere', []],
    ['/welcomeX', []],
  ])('finds the chain for %s', (pathname, expected) => {
    expect(paths(findMenuTrail(tree, pathname))).toEqual(expected);
  });
});
