import { type ReactNode, useState } from 'react';
import { lazyWithAntd } from '@/app/lazy-element';
import { SIDE_MENU_WIDTH_PX } from '@/config/console';
import type { MenuRoute } from '@/lib/menu-tree';
import styles from './basic-layout.module.css';
import { GlobalHeader } from './global-header';
import { LayoutFooter } from './layout-footer';
import { LogoTitle } from './logo-title';
import { NavMenu } from './nav-menu';
import { useDevice, useDisplaySettings } from './settings';
import { OpenedOnce } from './opened-once';
import { primaryPalette } from './primary-palette';
import { useSiderCollapsed } from './use-sider-collapsed';

/** The phone menu's drawer (antd's Drawer) loads when it is first opened. */
const MobileMenuDrawer = lazyWithAntd(() => import('./mobile-menu-drawer').then((m) => m.MobileMenuDrawer));

interface BasicLayoutProps {
  /** The visible menu tree of the active application. */
  menu: readonly MenuRoute[];
  /** Application tabs; left out on phones, where the switch dialog in `headerActions` serves. */
  appTabs: ReactNode;
  headerActions: ReactNode;
  /** The multi-tab bar, when that mode is on. */
  tabBar?: ReactNode;
  pageHeader?: ReactNode;
  children: ReactNode;
}

/**
 * Frame of the signed-in pages (spec 2): side menu (208px, collapsible to 80px), top menu or,
 * on phones, a drawer; header; content; footer. It gets everything user-specific through
 * props, so the shell knows nothing of the auth feature. Plain markup with antd's Layout sizes
 * and colours: the frame and the home must be usable before antd's code arrives (issue 18);
 * the pages inside bring antd with them.
 */
export function BasicLayout({
  menu,
  appTabs,
  headerActions,
  tabBar,
  pageHeader,
  children,
}: BasicLayoutProps) {
  const { settings } = useDisplaySettings();
  const device = useDevice();
  const isMobile = device === 'mobile';
  const topMenu = settings.layout === 'topmenu' && !isMobile;
  const [collapsed, setCollapsed] = useSiderCollapsed(device);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const dark = settings.navTheme === 'dark';

  const siderClasses = [
    styles.sider,
    dark ? styles.siderDark : '',
    settings.fixSiderbar ? styles.fixedSider : '',
  ];
  return (
    <div
      className={styles.layout}
      style={primaryPalette(settings.primaryColor)}
      data-testid="basic-layout"
      data-layout={topMenu ? 'topmenu' : 'sidemenu'}
    >
      {!topMenu && !isMobile && (
        <aside
          className={siderClasses.join(' ')}
          data-testid="side-menu"
          data-theme={settings.navTheme}
          data-collapsed={collapsed ? 'true' : 'false'}
          style={{ width: collapsed ? SIDE_MENU_WIDTH_PX.collapsed : SIDE_MENU_WIDTH_PX.expanded }}
        >
          <LogoTitle topMenu={false} collapsed={collapsed} dark={dark} />
          <NavMenu menu={menu} mode="inline" theme={settings.navTheme} collapsed={collapsed} />
        </aside>
      )}
      {isMobile && (
        <OpenedOnce open={drawerOpen}>
          {(open) => (
            <MobileMenuDrawer
              menu={menu}
              open={open}
              onClose={() => setDrawerOpen(false)}
              navTheme={settings.navTheme}
            />
          )}
        </OpenedOnce>
      )}
      <div className={styles.main}>
        <GlobalHeader
          variant={topMenu ? 'topmenu' : isMobile ? 'mobile' : 'sidemenu'}
          collapsed={collapsed}
          onToggle={() => (isMobile ? setDrawerOpen(true) : setCollapsed(!collapsed))}
          topMenu={topMenu ? <NavMenu menu={menu} mode="horizontal" theme={settings.navTheme} /> : null}
          appTabs={isMobile ? null : appTabs}
          actions={headerActions}
        />
        {tabBar}
        <main className={styles.content}>
          <div
            className={settings.contentWidth === 'Fixed' ? styles.fixedWidth : undefined}
            data-testid="page-content"
          >
            {pageHeader}
            {children}
          </div>
        </main>
        <footer className={styles.footer}>
          <LayoutFooter />
        </footer>
      </div>
    </div>
  );
}
