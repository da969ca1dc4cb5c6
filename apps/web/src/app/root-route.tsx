import { Outlet } from 'react-router';
import { useRouteDocumentTitle } from './use-route-document-title';

/** The top of the route tree: things every page needs, whatever its layout. */
export function RootRoute() {
  useRouteDocumentTitle();
  return <Outlet />;
}
