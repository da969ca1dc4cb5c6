import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/routes/login-page';
import { BlankLayout } from '@/shell/blank-layout';
import { UserLayout } from '@/shell/user-layout';
import { loadConsole, loadOverseasPage, OVERSEAS_PAGES } from './early-loads';
import { lazyElement } from './lazy-element';
import { RootRoute } from './root-route';
import { RouteGuard } from './route-guard';
import type { RouteHandle } from './route-handle';

const titled = (title: RouteHandle['title']): RouteHandle => ({ title });
const errors = () => import('./error-pages');

/**
 * The overseas download lists: public items, no sign-in, often the first page a visitor sees.
 * Loaded by the router (`lazy`), not in a Suspense boundary: React keeps a shown Suspense
 * fallback for at least 300 ms, however soon the page is ready, which was most of the time
 * to the first row (issue 18: 0.5 s). The router shows the spinner as a plain element instead.
 */
const overseasPage = ({ path, page, list }: (typeof OVERSEAS_PAGES)[number]): RouteObject => ({
  path,
  lazy: async () => {
    const Page = await loadOverseasPage(list);
    return { element: <Page list={list} /> };
  },
  hydrateFallbackElement: <FullPageSpinner />,
  handle: titled((t) => t(`pages:public.${page}.title`)),
});

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: lazyElement(() => errors().then((m) => m.ServerErrorPage), {}),
    children: [
      // Outside the guard: the error pages are public (spec 2) and stand alone.
      {
        element: <BlankLayout />,
        children: [
          {
            path: paths.forbidden,
            element: lazyElement(() => errors().then((m) => m.ForbiddenPage), {}),
            handle: titled((t) => t('errors:pages.forbidden.title')),
          },
          {
            path: paths.notFound,
            element: lazyElement(() => errors().then((m) => m.NotFoundPage), {}),
            handle: titled((t) => t('errors:pages.notFound.title')),
          },
          {
            path: paths.serverError,
            element: lazyElement(() => errors().then((m) => m.ServerErrorPage), {}),
            handle: titled((t) => t('errors:pages.serverError.title')),
          },
          // security.txt's Policy: for everyone, signed in or not (issue 43).
          {
            path: paths.disclosure,
            element: lazyElement(
              () => import('@/features/psirt/disclosure-page').then((m) => m.DisclosurePage),
              {},
            ),
            handle: titled((t) => t('pages:disclosure.title')),
          },
        ],
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
              {
                path: paths.register,
                element: lazyElement(
                  () => import('@/features/registration/routes/register-page').then((m) => m.RegisterPage),
                  {},
                ),
                handle: titled((t) => t('register:register.title')),
              },
              {
                path: paths.registerResult,
                element: lazyElement(
                  () =>
                    import('@/features/registration/routes/register-result-page').then(
                      (m) => m.RegisterResultPage,
                    ),
                  {},
                ),
                handle: titled((t) => t('register:registerResult.title')),
              },
              {
                path: paths.recover,
                element: lazyElement(
                  () => import('@/features/recovery/routes/recover-page').then((m) => m.RecoverPage),
                  {},
                ),
                handle: titled((t) => t('register:recover.title')),
              },
              {
                path: paths.passwordLinkExpired,
                element: lazyElement(
                  () =>
                    import('@/features/recovery/routes/password-link-expired-page').then(
                      (m) => m.PasswordLinkExpiredPage,
                    ),
                  {},
                ),
                handle: titled((t) => t('register:expired.title')),
              },
            ],
          },
          // Signed in (the guard sends anyone else to sign-in and back), in the sign-in pages' card:
          // the page `fwportal login` links to, to approve a command-line sign-in (issue 32), and
          // the page opening an advisory's CSAF file.
          {
            element: <UserLayout />,
            children: [
              {
                path: paths.device,
                element: lazyElement(
                  () =>
                    import('@/features/automation/device-approval-page').then((m) => m.DeviceApprovalPage),
                  {},
                ),
                handle: titled((t) => t('pages:device.title')),
              },
              // What a TLP:GREEN or AMBER advisory's CSAF links hold (issue 42 §2): it opens the file
              // with a ticket; outside the console frame, a new tab need not load the menus first.
              {
                path: paths.csafFile,
                element: lazyElement(
                  () => import('@/features/advisories/csaf-file-page').then((m) => m.CsafFilePage),
                  {},
                ),
                handle: titled((t) => t('pages:csafFile.title')),
              },
            ],
          },
          // Public like the pages above, but a table needs more room than their narrow card.
          ...OVERSEAS_PAGES.map(overseasPage),
          // Every other path is the signed-in console; its routes come from the server menus
          // (see routes/build-menu-routes.tsx), `/` and unknown paths included. The frame is
          // drawn without antd; its pages bring antd's providers (routes/console-route-kit.tsx).
          // Loaded by the router, not in a Suspense boundary, as the overseas pages are (above):
          // the frame and the home then show as soon as their code is in, not 300 ms after a spinner.
          {
            lazy: async () => ({ Component: (await loadConsole()).default }),
            hydrateFallbackElement: <FullPageSpinner />,
            children: [{ path: '*', lazy: async () => ({ Component: (await loadConsole()).MenuRoutes }) }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}
