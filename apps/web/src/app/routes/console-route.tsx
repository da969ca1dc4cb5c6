import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { followAccessChanges, useLoginUser } from '@/features/auth/api/get-login-user';
import { lazyWithAntd } from '@/app/lazy-element';
import { AccessProvider } from '@/lib/access';
import { firstRouteOf } from '@/lib/menu-tree';
import { writeStored } from '@/lib/storage';
import { DisplaySettingsProvider } from '@/shell/settings';
import { isOutsideLayout } from './build-menu-routes';
import { ConsoleFrame } from './console-frame';
import { isRevoked, RevokedPagesContext, useRevokedPages } from './revoked-pages';
import { SignedInGate } from './signed-in-gate';
import { useMenuRoutes } from './use-menu-routes';
import { useMenuTree } from './use-menu-tree';

/** The dialog for a user without menus (antd's modal), loaded only for such a user. */
const NoMenuDialog = lazyWithAntd(() => import('./no-menu-dialog').then((m) => m.NoMenuDialog));

/**
 * The signed-in console, loaded as its own chunk so the sign-in page never pays for it. The
 * route guard lets only visitors with a token in; the gate loads their user first.
 */
export default function ConsoleRoute() {
  return (
    <SignedInGate>
      <Console />
    </SignedInGate>
  );
}

/**
 * Redirects (`/`, unknown paths, menu groups) run before the frame renders, so they never show
 * up as pages or tabs.
 */
function Console() {
  const user = useLoginUser().data;
  const tree = useMenuTree();
  const routes = useMenuRoutes();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // Staff may change the user's menus meanwhile: the next answer that says so reloads the user.
  useEffect(() => followAccessChanges(queryClient), [queryClient]);
  const revoked = useRevokedPages(user?.id, user?.appOfPath);

  // Spec 3: the application list is also kept locally (sign-out clears it).
  const apps = user?.apps;
  useEffect(() => {
    if (apps) writeStored('apps', apps);
  }, [apps]);

  if (!user) return null;
  if (!firstRouteOf(tree))
    return (
      <Suspense fallback={null}>
        <NoMenuDialog />
      </Suspense>
    );
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  // A page taken away while it was open says so in the frame (OtherAppRedirect) instead of
  // sending the user elsewhere.
  if (isOutsideLayout(leaf) && !isRevoked(pathname, revoked)) return leaf?.element ?? null;

  return (
    <RevokedPagesContext value={revoked}>
      <AccessProvider user={user}>
        <DisplaySettingsProvider>
          <ConsoleFrame user={user} tree={tree} routes={routes} />
        </DisplaySettingsProvider>
      </AccessProvider>
    </RevokedPagesContext>
  );
}

export { MenuRoutes } from './menu-routes';
