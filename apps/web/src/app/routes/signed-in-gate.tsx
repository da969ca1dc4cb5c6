import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { loginPathFor } from '@/config/paths';
import { useLoginUser } from '@/features/auth/api/get-login-user';
import { clearSession } from '@/lib/session';

/**
 * The console renders once the signed-in user is loaded; if that fails the session is over
 * (spec 4, Session). Part of the console chunk, so the sign-in page never loads the user's
 * schema (and zod with it).
 */
export function SignedInGate({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const user = useLoginUser();
  // The whole console renders once the user is there: as a deferred update, which React renders
  // in slices, yielding to the browser, rather than in one long task when the answer arrives.
  const loaded = useDeferredValue(user.data !== undefined);
  // Cached data wins over a failed background refetch: a network blip must not sign anyone out.
  if (user.data && loaded) return children;
  if (user.isError) return <EndSession redirectTo={loginPathFor(`${pathname}${search}${hash}`)} />;
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
