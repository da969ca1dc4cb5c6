import { type ReactElement, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useLoginUser } from '@/features/auth/api/get-login-user';
import { useIsRevoked } from './revoked-pages';
import { leavingPage, useAppSwitch } from './use-app-switch';

/** The application of the longest menu path `path` lies under (itself or a page below it). */
export function applicationOfPath(
  path: string,
  appOfPath: Record<string, string> | undefined,
): string | undefined {
  let best: { length: number; app: string } | undefined;
  for (const [menuPath, app] of Object.entries(appOfPath ?? {})) {
    const under = path === menuPath || path.startsWith(`${menuPath}/`);
    if (under && menuPath.length > (best?.length ?? -1)) best = { length: menuPath.length, app };
  }
  return best?.app;
}

/**
 * A path the active application has no page for. When it is a page of another of the user's
 * applications (a bookmark or a shared link to /system/user while the downloads application is
 * active), that application becomes active and the page opens. A page staff took away from the
 * user while the console was open shows `forbidden` in its place (no permission to access the
 * page); any other path gets spec 2's fallback.
 */
export function OtherAppRedirect({
  fallback,
  notFound,
  forbidden,
}: {
  fallback: string | undefined;
  notFound: ReactElement;
  forbidden: ReactElement;
}) {
  const { pathname } = useLocation();
  const revoked = useIsRevoked(pathname);
  const user = useLoginUser().data;
  const active = user?.apps.find((app) => app.active)?.code;
  const target = applicationOfPath(pathname, user?.appOfPath);
  const other =
    target && target !== active && user?.apps.some((app) => app.code === target) ? target : undefined;
  const appSwitch = useAppSwitch({ keepPath: true });
  const { mutate: switchApp } = appSwitch;
  // Development mode runs effects twice; the switch must be requested once per path.
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!other || requested.current === pathname) return;
    // The tabs just switched application and the console is on its way to the new first page.
    if (Date.now() < leavingPage.until) return;
    requested.current = pathname;
    switchApp({ application: other });
  }, [other, pathname, switchApp]);

  if (other && !appSwitch.isError) return <FullPageSpinner />;
  if (revoked) return forbidden;
  return fallback ? <Navigate to={fallback} replace /> : notFound;
}
