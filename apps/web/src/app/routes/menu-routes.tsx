import { Suspense, useState } from 'react';
import { useLocation, useParams, useRoutes } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useMenuRoutes } from './use-menu-routes';

/**
 * The page area of the console: matches the server-built routes (descendant routes under the
 * console's `*`). The path comes from this route's own match rather than the live location, so
 * a page the multi-tab bar keeps mounted in the background goes on rendering itself, not the
 * page in front; the page in front gets the full location, query included. A page in the
 * background keeps the query it last had in front too, so state it keeps in the address
 * (filters, open tab) does not reset behind its back.
 */
export function MenuRoutes() {
  const routes = useMenuRoutes();
  const { '*': splat = '' } = useParams();
  const location = useLocation();
  const ownPath = `/${splat}`;
  const inFront = location.pathname === ownPath;
  const [lastInFront, setLastInFront] = useState(location);
  if (inFront && lastInFront !== location) setLastInFront(location);
  const background = lastInFront.pathname === ownPath ? lastInFront : { pathname: ownPath };
  const page = useRoutes(routes, inFront ? location : background);
  return <Suspense fallback={<FullPageSpinner inline />}>{page}</Suspense>;
}
