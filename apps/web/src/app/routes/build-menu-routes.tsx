import type { ReactElement } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { firstRouteOf, flattenMenu, isEmbeddedFrame, isExternalLink, type MenuRoute } from '@/lib/menu-tree';

/** Turns a server `component` string into the page element for that menu route. */
export type PageFactory = (route: MenuRoute) => ReactElement;

/** What the builder needs from the outside; tests pass simple stand-ins. */
export interface RouteKit {
  pages: Readonly<Record<string, PageFactory>>;
  notFound: () => ReactElement;
  /** An embedded page (spec 2); only called with a non-empty link. */
  frame: (route: MenuRoute, link: string) => ReactElement;
  /** The root path: picks the first page of the menu (spec 2, first load). */
  firstLoad: () => ReactElement;
  /**
   * A path no route of the active application matches: switches to the application it belongs
   * to, or goes to `fallback` (spec 2: /homePage). Without it, unknown paths redirect at once.
   */
  elsewhere?: (fallback: string | undefined) => ReactElement;
  /**
   * Components whose page also answers the paths below its menu path (the advisories list at
   * /security/advisories shows one advisory at /security/advisories/<ID>): their route is `path/*`.
   */
  withSubPaths?: ReadonlySet<string>;
}

/**
 * Marks routes that only send the user elsewhere. The console renders them before its layout
 * so a redirect never opens a tab of its own or flashes the frame.
 */
export interface MenuRouteHandle {
  outsideLayout: true;
  /** Set on pure redirects, so links can point at the final page directly. */
  redirectTo?: string;
}

function handleOf(route: RouteObject | undefined): Partial<MenuRouteHandle> {
  const handle: unknown = route?.handle;
  return typeof handle === 'object' && handle !== null ? (handle as Partial<MenuRouteHandle>) : {};
}

export function isOutsideLayout(route: RouteObject | undefined): boolean {
  return handleOf(route).outsideLayout === true;
}

const outsideLayout: MenuRouteHandle = { outsideLayout: true };
const redirectTo = (to: string): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <Navigate to={to} replace />,
  handle: { outsideLayout: true, redirectTo: to } satisfies MenuRouteHandle,
});

/** Hops a redirect chain may take; more means a loop in the menu data. */
const MAX_REDIRECTS = 5;

/**
 * The page `path` finally shows after the menu's redirects (e.g. /account/settings ->
 * /account/settings/security). Links use it so that following one never passes through a
 * redirect, which would open the console frame twice.
 */
export function resolveMenuPath(routes: RouteObject[], path: string): string {
  let current = path;
  for (let hop = 0; hop < MAX_REDIRECTS; hop += 1) {
    const next = handleOf(matchRoutes(routes, current)?.at(-1)?.route).redirectTo;
    if (!next || next === current) break;
    current = next;
  }
  return current;
}

function pageElement(route: MenuRoute, kit: RouteKit): ReactElement {
  if (isEmbeddedFrame(route)) return route.meta.link ? kit.frame(route, route.meta.link) : kit.notFound();
  const factory = kit.pages[route.component];
  if (factory) return factory(route);
  return route.redirect ? <Navigate to={route.redirect} replace /> : kit.notFound();
}

/**
 * One menu route as a route object. Children whose path lies under the parent's are nested
 * (the parent's component lays them out, e.g. account settings); any other child is hoisted to
 * the top level, because React Router rejects a nested absolute path outside its parent.
 */
function toRouteObject(route: MenuRoute, kit: RouteKit, hoisted: RouteObject[]): RouteObject | undefined {
  // External links are not routes; a path that is not absolute cannot be routed predictably.
  if (isExternalLink(route) || !route.path.startsWith('/')) return undefined;
  const nested: RouteObject[] = [];
  for (const child of route.children) {
    const object = toRouteObject(child, kit, hoisted);
    if (!object) continue;
    (child.path.startsWith(`${route.path}/`) ? nested : hoisted).push(object);
  }
  if (nested.length === 0) {
    const below = kit.withSubPaths?.has(route.component) && route.path !== paths.root;
    return { path: below ? `${route.path}/*` : route.path, element: pageElement(route, kit) };
  }

  const factory = kit.pages[route.component];
  const firstChild = nested[0]?.path ?? paths.root;
  const indexTarget = route.redirect && route.redirect !== route.path ? route.redirect : firstChild;
  return {
    path: route.path,
    // A group without a page of its own (RouteView or unknown) just shows the child page.
    element: factory ? factory(route) : <Outlet />,
    children: [{ index: true, ...redirectTo(indexTarget) }, ...nested],
  };
}

/** Spec 2: unknown paths go to /homePage; an application without it goes to its first page. */
export function fallbackPathOf(tree: readonly MenuRoute[]): string | undefined {
  const routable = flattenMenu(tree).filter((route) => !isExternalLink(route));
  if (routable.some((route) => route.path === paths.home)) return paths.home;
  return firstRouteOf(tree)?.path;
}

/** The signed-in routes of the active application, built from its menu tree. */
export function buildMenuRoutes(tree: readonly MenuRoute[], kit: RouteKit): RouteObject[] {
  const hoisted: RouteObject[] = [];
  const top = tree.flatMap((route) => toRouteObject(route, kit, hoisted) ?? []);
  const fallback = fallbackPathOf(tree);
  return [
    ...top,
    ...hoisted,
    { path: paths.root, element: kit.firstLoad(), handle: outsideLayout },
    kit.elsewhere
      ? {
          path: '*',
          element: kit.elsewhere(fallback),
          handle: fallback ? { outsideLayout: true, redirectTo: fallback } : outsideLayout,
        }
      : fallback
        ? { path: '*', ...redirectTo(fallback) }
        : { path: '*', element: kit.notFound() },
  ];
}
