import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { isPublicPath, loginPathFor, paths } from '@/config/paths';
import { useLoginUser } from '@/features/auth/api/get-login-user';
import { afterSignInPath } from '@/lib/safe-redirect';
import { clearSession, getAccessToken } from '@/lib/session';
import { parseTokenLink } from './token-link';
import { TokenLinkLanding } from './token-link-landing';

/**
 * Decides, on every navigation, whether the wanted page may render (spec 4, Session):
 * - a token link (`?token=`) signs in first, on any path but the password-recovery page;
 * - no token: public pages render, anything else goes to sign-in with `redirect`;
 * - token on the sign-in page: straight on to `redirect`, else the console's first page;
 * - token elsewhere: the signed-in user is loaded first; if that fails the session is over.
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

  if (tokenLink) return <TokenLinkLanding link={tokenLink} />;
  if (!token) {
    return isPublicPath(pathname) ? <Outlet /> : <Navigate to={loginPathFor(wanted)} replace />;
  }
  if (pathname === paths.login) {
    return <Navigate to={afterSignInPath(new URLSearchParams(search).get('redirect'))} replace />;
  }
  return isPublicPath(pathname) ? <Outlet /> : <SignedInGate wanted={wanted} />;
}

function SignedInGate({ wanted }: { wanted: string }) {
  const user = useLoginUser();
  // Cached data wins over a failed background refetch: a network blip must not sign anyone out.
  if (user.data) return <Outlet />;
  if (user.isError) return <EndSession redirectTo={loginPathFor(wanted)} />;
  return <FullPageSpinner />;
}

/** The user could not be loaded: forget the token and ask for a new sign-in (spec 8). */
function EndSession({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    navigate(redirectTo, { replace: true });
  }, [navigate, redirectTo]);
  return <FullPageSpinner />;
}
