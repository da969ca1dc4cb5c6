import type { LoginUser } from '@portal/contract';
import { Suspense, useMemo } from 'react';
import { type RouteObject, useLocation } from 'react-router';
import { lazyWithAntd } from '@/app/lazy-element';
import { findMenuTrail, type MenuRoute, visibleMenu } from '@/lib/menu-tree';
import { AppTabs } from '@/shell/app-tabs';
import { BasicLayout } from '@/shell/basic-layout';
import { KeepAliveOutlet, MultiTabProvider } from '@/shell/multi-tab';
import { PageHeader } from '@/shell/page-header';
import { useDisplaySettings } from '@/shell/settings';
import { resolveMenuPath } from './build-menu-routes';
import { activeAppCode } from './first-load-target';
import { HeaderActions } from './header-actions';
import { PageArea } from './page-area';
import { useAppSwitch } from './use-app-switch';

/** The multi-tab bar (tabs, their right-click menu) loads only when that mode is on. */
const ConsoleTabBar = lazyWithAntd(() => import('./console-tab-bar').then((m) => m.ConsoleTabBar));

interface ConsoleFrameProps {
  user: LoginUser;
  tree: MenuRoute[];
  routes: RouteObject[];
}

/** Puts the console together: layout, menus, application tabs, header tools and the page area. */
export function ConsoleFrame({ user, tree, routes }: ConsoleFrameProps) {
  const { settings } = useDisplaySettings();
  const { pathname } = useLocation();
  const appSwitch = useAppSwitch();
  const menu = useMemo(() => visibleMenu(tree), [tree]);
  const activeCode = activeAppCode(user.apps);
  const switchTo = (application: string) => appSwitch.mutate({ application });

  // A group in the trail links to the page it leads to, not to its redirect. Each resolution
  // matches the path against every menu route (React Router flattens and ranks them all again),
  // so it is done when the page or the menus change, not at every render of the frame.
  const crumbs = useMemo(
    () =>
      findMenuTrail(tree, pathname).map((route) => ({
        title: route.meta.title,
        path: resolveMenuPath(routes, route.path),
      })),
    [tree, routes, pathname],
  );
  const accountSettingsPath = useMemo(() => resolveMenuPath(routes, '/account/settings'), [routes]);
  return (
    <MultiTabProvider enabled={settings.multiTab}>
      <BasicLayout
        menu={menu}
        appTabs={
          <AppTabs
            apps={user.apps}
            activeCode={activeCode}
            onSwitch={switchTo}
            switching={appSwitch.isPending}
          />
        }
        headerActions={
          <HeaderActions
            user={user}
            activeCode={activeCode}
            onSwitch={switchTo}
            switching={appSwitch.isPending}
            accountSettingsPath={accountSettingsPath}
          />
        }
        tabBar={
          settings.multiTab ? (
            <Suspense fallback={null}>
              <ConsoleTabBar tree={tree} />
            </Suspense>
          ) : undefined
        }
        pageHeader={<PageHeader crumbs={crumbs} />}
      >
        <PageArea>
          <KeepAliveOutlet enabled={settings.multiTab} />
        </PageArea>
      </BasicLayout>
    </MultiTabProvider>
  );
}
