import { type MenuNode, ROOT_MENU_PID } from '@portal/contract';

/** A server menu node placed in the tree: the client's route entity of spec 3. */
export interface MenuRoute {
  id: number;
  name: string;
  path: string;
  component: string;
  redirect: string | null;
  /** `meta.show === false`: a route that exists but has no menu entry. */
  hidden: boolean;
  /** The node itself shows in the menu, its children do not (their routes still exist). */
  hideChildrenInMenu: boolean;
  meta: { title: string; icon: string | null; target: string | null; link: string | null };
  children: MenuRoute[];
}

function toMenuRoute(node: MenuNode, children: MenuRoute[]): MenuRoute {
  return {
    id: node.id,
    name: node.name,
    path: node.path,
    component: node.component,
    redirect: node.redirect,
    hidden: !node.meta.show,
    hideChildrenInMenu: node.hideChildren || node.meta.hideChildren,
    meta: { title: node.meta.title, icon: node.meta.icon, target: node.meta.target, link: node.meta.link },
    children,
  };
}

/**
 * Turns the server's flat list into a tree: grouped by `pid`, starting at the root pid 0, each
 * level in server order. A node whose parent is missing (not granted) is dropped with it,
 * as in the console the spec was written from.
 */
export function buildMenuTree(nodes: readonly MenuNode[]): MenuRoute[] {
  const byParent = new Map<number, MenuNode[]>();
  for (const node of nodes) byParent.set(node.pid, [...(byParent.get(node.pid) ?? []), node]);
  // `seen` guards against a cycle in bad data (a node that is its own ancestor).
  const seen = new Set<number>();
  const childrenOf = (pid: number): MenuRoute[] =>
    (byParent.get(pid) ?? []).flatMap((node) => {
      if (seen.has(node.id)) return [];
      seen.add(node.id);
      return [toMenuRoute(node, childrenOf(node.id))];
    });
  return childrenOf(ROOT_MENU_PID);
}

/** `meta.target` (e.g. `_blank`) marks a link to another site; its path is the URL. */
export function isExternalLink(route: MenuRoute): boolean {
  return Boolean(route.meta.target);
}

/** `meta.link` marks a page shown in an embedded frame (an empty link renders 404). */
export function isEmbeddedFrame(route: MenuRoute): boolean {
  return route.meta.link !== null;
}

/** The tree as the menu shows it: hidden nodes dropped, `hideChildren` nodes without children. */
export function visibleMenu(tree: readonly MenuRoute[]): MenuRoute[] {
  return tree
    .filter((route) => !route.hidden)
    .map((route) => ({ ...route, children: route.hideChildrenInMenu ? [] : visibleMenu(route.children) }));
}

function firstLeaf(tree: readonly MenuRoute[]): MenuRoute | undefined {
  for (const route of tree) {
    if (isExternalLink(route)) continue;
    if (route.children.length === 0) return route;
    const leaf = firstLeaf(route.children);
    if (leaf) return leaf;
  }
  return undefined;
}

/**
 * The page a user lands on first (spec 2): the first leaf of the menu as shown; when every
 * entry is hidden (e.g. only account settings are granted), the first route at all.
 */
export function firstRouteOf(tree: readonly MenuRoute[]): MenuRoute | undefined {
  return firstLeaf(visibleMenu(tree)) ?? firstLeaf(tree);
}

/** Every route of the tree, depth first (parents before children). */
export function flattenMenu(tree: readonly MenuRoute[]): MenuRoute[] {
  return tree.flatMap((route) => [route, ...flattenMenu(route.children)]);
}

const isWithin = (pathname: string, path: string) =>
  path !== '' && (pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`));

/**
 * The chain of routes from the root to the one showing `pathname` (for breadcrumbs, the
 * selected menu entry and the open sub-menus). A path below a route, e.g. a detail page,
 * counts as that route. Empty when nothing matches.
 */
export function findMenuTrail(tree: readonly MenuRoute[], pathname: string): MenuRoute[] {
  for (const route of tree) {
    if (isExternalLink(route)) continue;
    const below = findMenuTrail(route.children, pathname);
    if (below.length > 0) return [route, ...below];
    if (isWithin(pathname, route.path)) return [route];
  }
  return [];
}
