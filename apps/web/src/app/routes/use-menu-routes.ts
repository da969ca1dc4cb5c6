import { useMemo } from 'react';
import type { RouteObject } from 'react-router';
import { buildMenuRoutes } from './build-menu-routes';
import { consoleRouteKit } from './console-route-kit';
import { useMenuTree } from './use-menu-tree';

/** The console's routes, rebuilt whenever the active application's menus change. */
export function useMenuRoutes(): RouteObject[] {
  const tree = useMenuTree();
  return useMemo(() => buildMenuRoutes(tree, consoleRouteKit), [tree]);
}
