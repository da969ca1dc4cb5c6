import { Flex, Spin } from 'antd';
import { Suspense } from 'react';
import { useLocation, useParams, useRoutes } from 'react-router';
import { useMenuRoutes } from './use-menu-routes';

/**
 * The page area of the console: matches the server-built routes (descendant routes under the
 * console's `*`). The path comes from this route's own match rather than the live location, so
 * a page the multi-tab bar keeps mounted in the background goes on rendering itself, not the
 * page in front; the page in front gets the full location, query included.
 */
export function MenuRoutes() {
  const routes = useMenuRoutes();
  const { '*': splat = '' } = useParams();
  const location = useLocation();
  const ownPath = `/${splat}`;
  const page = useRoutes(routes, location.pathname === ownPath ? location : { pathname: ownPath });
  return (
    <Suspense
      fallback={
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      }
    >
      {page}
    </Suspense>
  );
}
