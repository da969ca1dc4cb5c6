import { Drawer } from 'antd';
import { SIDE_MENU_WIDTH_PX } from '@/config/console';
import type { MenuRoute } from '@/lib/menu-tree';
import styles from './basic-layout.module.css';
import { LogoTitle } from './logo-title';
import { NavMenu } from './nav-menu';
import type { NavTheme } from './settings';

interface MobileMenuDrawerProps {
  menu: readonly MenuRoute[];
  open: boolean;
  onClose: () => void;
  navTheme: NavTheme;
}

/** The menu on phones: a left drawer opened from the header's toggle (shell/basic-layout.tsx). */
export function MobileMenuDrawer({ menu, open, onClose, navTheme }: MobileMenuDrawerProps) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDE_MENU_WIDTH_PX.expanded}
      closable={false}
      styles={{ body: { padding: 0 } }}
    >
      <div data-testid="mobile-menu-drawer" className={navTheme === 'dark' ? styles.drawerDark : undefined}>
        <LogoTitle topMenu={false} dark={navTheme === 'dark'} />
        <NavMenu menu={menu} mode="inline" theme={navTheme} onNavigate={onClose} />
      </div>
    </Drawer>
  );
}
