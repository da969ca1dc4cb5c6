import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './basic-layout.module.css';
import { IconButton } from './icon-button';
import { LogoTitle } from './logo-title';
import { useAutoHideHeader, useDisplaySettings } from './settings';

interface GlobalHeaderProps {
  variant: 'sidemenu' | 'topmenu' | 'mobile';
  collapsed: boolean;
  /** Collapses/expands the side menu, or opens the drawer menu on phones. */
  onToggle: () => void;
  topMenu: ReactNode;
  appTabs: ReactNode;
  actions: ReactNode;
}

/** The 48px header (spec 2); fixed and hidden on scroll according to the display settings. */
export function GlobalHeader({ variant, collapsed, onToggle, topMenu, appTabs, actions }: GlobalHeaderProps) {
  const { t } = useTranslation('shell');
  const { settings } = useDisplaySettings();
  const hidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  const dark = variant === 'topmenu' && settings.navTheme === 'dark';
  const classes = [
    styles.header,
    settings.fixedHeader ? styles.fixedHeader : '',
    hidden ? styles.hiddenHeader : '',
    dark ? styles.darkHeader : '',
  ];

  return (
    <header className={classes.join(' ')} data-testid="global-header" data-hidden={hidden ? 'true' : 'false'}>
      {variant === 'topmenu' ? (
        <LogoTitle topMenu dark={dark} />
      ) : (
        <IconButton
          testId="menu-toggle"
          label={t(
            variant === 'mobile' ? 'header.openMenu' : collapsed ? 'header.expand' : 'header.collapse',
          )}
          icon={variant !== 'mobile' && !collapsed ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={onToggle}
        />
      )}
      {topMenu}
      <div className={styles.appTabs}>{appTabs}</div>
      <div className={styles.actions}>{actions}</div>
    </header>
  );
}
