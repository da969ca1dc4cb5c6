import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { isAntdFreePage } from '../early-loads';

const AntdProvider = lazy(() => import('../antd-provider').then((m) => ({ default: m.AntdProvider })));

/**
 * The console's page area. The home pages show without antd; from the first page that uses it
 * on, one antd provider holds every page (the pages' own, app/lazy-element.tsx, then defer to
 * it). Its <App> outlives the pages, so a message a page shows stays on screen when the page
 * remounts or is left (a reset that turns the multi-tab mode off, a save that navigates).
 */
export function PageArea({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [antd, setAntd] = useState(() => !isAntdFreePage(pathname));
  if (!antd && !isAntdFreePage(pathname)) setAntd(true);
  if (!antd) return children;
  return (
    <Suspense fallback={<FullPageSpinner inline />}>
      <AntdProvider>{children}</AntdProvider>
    </Suspense>
  );
}
