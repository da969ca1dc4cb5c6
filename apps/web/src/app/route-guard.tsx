import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { isAdvisoriesPath, isPublicPath, loginPathFor, paths } from '@/config/paths';
import { lazyWithAntd } from './lazy-element';
import { afterSignInPath } from '@/lib/safe-redirect';
import { getAccessToken } from '@/lib/session';
import { parseTokenLink } from './token-link';

/** Loaded only when a token link arrives: its account-switch question uses antd. */
const TokenLinkLanding = lazy(() =>
  import('./token-link-landing').then((m) => ({ default: m.TokenLinkLanding })),
);

/**
 * The security advisories as a signed-out visitor reads them, at the console's own addresses
 * (links in CSAF documents and mails are the same for everyone).
 */
const PublicAdvisoriesPage = lazyWithAntd(() =>
  import('@/features/advisories/public-advisories-page').then((m) => m.PublicAdvisoriesPage),
);

/**
 * Decides, on every navigation, whether the wanted page may render (spec 4, Session):
 * - a token link (`?token=`) signs in first, on any path but the password-recovery page;
 * - no token: public pages render, the advisories render their public page, anything else
 *   goes to sign-in with `redirect`;
 * - token on the sign-in page: straight on to `redirect`, else the console's first page;
 * - token elsewhere: on to the page; the console loads the signed-in user first and ends the
 *   session if that fails (routes/signed-in-gate.tsx, in the console chunk).
 */
export function RouteGuard() {
  const { pathname, search, hash } = useLocation();
  const wanted = `${pathname}${search}${hash}`;
  // The `token` of a mailed password link (/user/recover?token=) is not a session token.
  const tokenLink = useMemo(
    () => (pathname === paths.recover ? undefined : parseTokenLink(search)),
    [pathname, search],
  );
  // Read on each render: sign-in and session end change it outside React.
  const token = getAccessToken();

  if (tokenLink) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <TokenLinkLanding link={tokenLink} />
      </Suspense>
    );
  }
  if (!token) {
    if (isPublicPath(pathname)) return <Outlet />;
    if (isAdvisoriesPath(pathname))
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <PublicAdvisoriesPage />
        </Suspense>
      );
    return <Navigate to={loginPathFor(wanted)} replace />;
  }
  if (pathname === paths.login) {
    return <Navigate to={afterSignInPath(new URLSearchParams(search).get('redirect'))} replace />;
  }
  return <Outlet />;
}
