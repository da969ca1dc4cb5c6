import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findMenuTrail, isExternalLink, type MenuRoute } from '@/lib/menu-tree';
import { menuIcon } from './menu-icons';

type MenuItems = NonNullable<MenuProps['items']>;

function toItems(routes: readonly MenuRoute[], externalHint: string): MenuItems {
  return routes.map((route) => {
    const common = { key: route.path, icon: menuIcon(route.meta.icon) };
    if (isExternalLink(route)) {
      // Spec 2: a route with a target opens as an external link, in a new window.
      const label = (
        <a
          href={route.path}
          target={route.meta.target ?? '_blank'}
          rel="noopener noreferrer"
          title={externalHint}
        >
          {route.meta.title}
        </a>
      );
      return { ...common, label };
    }
    if (route.children.length > 0) {
      return { ...common, label: route.meta.title, children: toItems(route.children, externalHint) };
    }
    return { ...common, label: <Link to={route.path}>{route.meta.title}</Link> };
  });
}

interface NavMenuProps {
  /** The visible menu tree (hidden routes already removed). */
  menu: readonly MenuRoute[];
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  /** Called after an entry is chosen, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
}

/** The side, top or drawer menu built from the server menus of the active application. */
export function NavMenu({ menu, mode, theme, collapsed = false, onNavigate }: NavMenuProps) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const trail = findMenuTrail(menu, pathname);
  const selected = trail.at(-1)?.path;
  const parents = trail.slice(0, -1).map((route) => route.path);
  const trailKey = parents.join('|');
  const [open, setOpen] = useState({ trailKey, keys: parents });
  // Navigating elsewhere (a link, the tab bar) also opens the sub-menus leading to the new page;
  // adjusted while rendering so the menu never paints the old state first.
  if (open.trailKey !== trailKey) setOpen({ trailKey, keys: [...new Set([...open.keys, ...parents])] });
  const setOpenKeys = (keys: string[]) => setOpen({ trailKey, keys });
  const openKeys = open.keys;

  return (
    <Menu
      aria-label={t('nav.label')}
      data-testid={`nav-menu-${mode}`}
      mode={mode}
      theme={theme}
      selectedKeys={selected ? [selected] : []}
      {...(mode === 'inline' ? { inlineCollapsed: collapsed } : {})}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      items={toItems(menu, t('nav.external'))}
      onClick={onNavigate}
      style={{ borderInlineEnd: 0, flex: mode === 'horizontal' ? 1 : undefined, minWidth: 0 }}
    />
  );
}
