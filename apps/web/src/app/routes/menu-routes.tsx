import { Suspense } from 'react';
import { type Location, useLocation, useRoutes } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useKeptTabKey } from '@/shell/multi-tab';
import { useMenuRoutes } from './use-menu-routes';

/**
 * Where a page of the console renders: the current location while it is in front (or multi-tab
 * is off), otherwise its own tab's full path. Tabs are keyed by path plus query, so a page kept
 * in the background goes on rendering itself, with the query it last had in front (filters,
 * open tab), even behind another tab of the same path.
 */
export function pageLocation(location: Location, tabKey: string | null): Location | string {
  return tabKey === null || tabKey === `${location.pathname}${location.search}` ? location : tabKey;
}

/** The page area of the console: matches the server-built routes (descendant routes under the console's `*`). */
export function MenuRoutes() {
  const routes = useMenuRoutes();
  const page = useRoutes(routes, pageLocation(useLocation(), useKeptTabKey()));
  return <Suspense fallback={<FullPageSpinner inline />}>{page}</Suspense>;
}
