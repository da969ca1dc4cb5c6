import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/routes/login-page';
import { NotFoundPage } from '@/features/errors/not-found-page';
import { ServerErrorPage } from '@/features/errors/server-error-page';
import { UserLayout } from '@/shell/user-layout';
import { RootRoute } from './root-route';
import { RouteGuard } from './route-guard';
import type { RouteHandle } from './route-handle';
import { HomeRoute } from './routes/home-route';
import { SignedInLayout } from './routes/signed-in-layout';

const titled = (title: RouteHandle['title']): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <ServerErrorPage />,
    children: [
      // Outside the guard: the not-found page is public (spec 2).
      {
        path: paths.notFound,
        element: <NotFoundPage />,
        handle: titled((t) => t('errors:pages.notFound.title')),
      },
      {
        element: <RouteGuard />,
        children: [
          {
            path: paths.user,
            element: <UserLayout />,
            children: [
              { index: true, element: <Navigate to={paths.login} replace /> },
              {
                path: paths.login,
                element: <LoginPage />,
                handle: titled((t) => t('login:pages.login.title')),
              },
            ],
          },
          {
            element: <SignedInLayout />,
            children: [
              { path: paths.home, element: <HomeRoute />, handle: titled((t) => t('home:pages.home.title')) },
            ],
          },
          { index: true, element: <Navigate to={paths.home} replace /> },
          // Signed-out users never get here (the guard sends them to sign-in first).
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}
