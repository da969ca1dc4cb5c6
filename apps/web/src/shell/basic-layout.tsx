import { Layout } from 'antd';
import { lazy, type ReactNode, useState } from 'react';
import { SIDE_MENU_WIDTH_PX } from '@/config/console';
import type { MenuRoute } from '@/lib/menu-tree';
import styles from './basic-layout.module.css';
import { GlobalHeader } from './global-header';
import { LayoutFooter } from './layout-footer';
import { LogoTitle } from './logo-title';
import { NavMenu } from './nav-menu';
import { useDevice, useDisplaySettings } from './settings';
import { OpenedOnce } from './opened-once';
import { useSiderCollapsed } from './use-sider-collapsed';

/** The phone menu's drawer loads when it is first opened. */
const MobileMenuDrawer = lazy(() =>
  import('./mobile-menu-drawer').then((m) => ({ default: m.MobileMenuDrawer })),
);

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
 * props, so the shell knows nothing of the auth feature.
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

  return (
    <Layout
      className={styles.layout}
      data-testid="basic-layout"
      data-layout={topMenu ? 'topmenu' : 'sidemenu'}
    >
      {!topMenu && !isMobile && (
        <Layout.Sider
          className={settings.fixSiderbar ? styles.fixedSider : undefined}
          data-testid="side-menu"
          theme={settings.navTheme}
          width={SIDE_MENU_WIDTH_PX.expanded}
          collapsedWidth={SIDE_MENU_WIDTH_PX.collapsed}
          collapsed={collapsed}
          trigger={null}
          collapsible
        >
          <LogoTitle topMenu={false} collapsed={collapsed} dark={dark} />
          <NavMenu menu={menu} mode="inline" theme={settings.navTheme} collapsed={collapsed} />
        </Layout.Sider>
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
      <Layout>
        <GlobalHeader
          variant={topMenu ? 'topmenu' : isMobile ? 'mobile' : 'sidemenu'}
          collapsed={collapsed}
          onToggle={() => (isMobile ? setDrawerOpen(true) : setCollapsed(!collapsed))}
          topMenu={topMenu ? <NavMenu menu={menu} mode="horizontal" theme={settings.navTheme} /> : null}
          appTabs={isMobile ? null : appTabs}
          actions={headerActions}
        />
        {tabBar}
        <Layout.Content className={styles.content}>
          <div
            className={settings.contentWidth === 'Fixed' ? styles.fixedWidth : undefined}
            data-testid="page-content"
          >
            {pageHeader}
            {children}
          </div>
        </Layout.Content>
        <Layout.Footer className={styles.footer}>
          <LayoutFooter />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
