import type { LoginUser, MenuNode } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { loginUserQueryKey } from '@/features/auth/api/get-login-user';
import type { ApiError } from '@/lib/api-error';
import { isAdvisoriesPath } from '@/config/paths';
import { buildMenuTree, findMenuTrail } from '@/lib/menu-tree';
import { BUNDLED_NAMESPACES } from '@/locales';
import { isRouteHandle } from './route-handle';

/**
 * The title of a console page: its menu entry's `meta.title` (translated by the server). Reads
 * the cached user by key only, without fetching: public pages never trigger a request, and
 * the sign-in page does not load the fetcher (with the contract's schema and zod).
 */
function useMenuTitle(pathname: string): string | undefined {
  const { data: menus } = useQuery<LoginUser, ApiError, MenuNode[]>({
    queryKey: loginUserQueryKey,
    enabled: false,
    select: (user) => user.menus,
  });
  const tree = useMemo(() => buildMenuTree(menus ?? []), [menus]);
  return findMenuTrail(tree, pathname).at(-1)?.meta.title;
}

/**
 * Sets document.title to "<page title> - <portal name>" (spec 1). The page title is the
 * deepest route's `handle.title` (static routes), else the menu title of the path (else, for
 * the advisories read signed out, their public title).
 */
export function useRouteDocumentTitle(): void {
  const { t } = useTranslation(BUNDLED_NAMESPACES);
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  const menuTitle = useMenuTitle(pathname);
  // Signed out, the advisories are a public page the route guard renders (no route, no menu).
  const publicTitle = isAdvisoriesPath(pathname) ? t('pages:public.advisories.title') : undefined;
  const pageTitle = handle ? handle.title(t) : (menuTitle ?? publicTitle);
  const portalName = t('common:app.name');

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${portalName}` : portalName;
  }, [pageTitle, portalName]);
}
