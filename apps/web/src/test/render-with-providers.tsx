import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';

interface Options {
  /** Route pattern the element is mounted at. */
  path: string;
  /** The URL the test starts on; defaults to `path`. */
  initialEntry?: string;
  /** Further routes, e.g. the page a successful action navigates to. */
  routes?: RouteObject[];
}

/** Renders `ui` with a fresh query cache, antd's App context and an in-memory router. */
export function renderWithProviders(ui: ReactElement, { path, initialEntry = path, routes = [] }: Options) {
  return renderRoutes([{ path, element: ui }, ...routes], initialEntry);
}

/** Renders a route tree (e.g. the app's real one) starting at `initialEntry`. */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AntdApp>
        <RouterProvider router={router} />
      </AntdApp>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
