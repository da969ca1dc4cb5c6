import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findMenuTrail, isExternalLink, type MenuRoute } from '@/lib/menu-tree';
import { VisuallyHidden } from '@/components/visually-hidden';
import { menuIcon } from './menu-icons';
import styles from './nav-menu.module.css';
import { useFittingEntries } from './use-fitting-entries';

interface NavMenuProps {
  /** The visible menu tree (hidden routes already removed). */
  menu: readonly MenuRoute[];
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  /** Called after an entry is chosen, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
}

/** Where a menu group shows its entries: below it (inline), or in a popup (top menu, collapsed). */
type GroupDisplay = 'inline' | 'popup';

interface MenuState {
  selected: string | undefined;
  trail: ReadonlySet<string>;
  /** Top-level groups of a popup menu open one at a time; any other group opens in place. */
  isOpen(path: string, depth: number): boolean;
  toggle(path: string, depth: number): void;
  closePopup(): void;
  display: GroupDisplay;
  /** Where a popup opens: under its group (top menu) or beside it (collapsed side menu). */
  popupSide: 'below' | 'beside';
  /**
   * Whether entries at `depth` show their icon alone (a collapsed side menu's top level); their
   * titles then show in the browser's tooltip.
   */
  iconOnly: (depth: number) => boolean;
  externalHint: string;
  onNavigate?: () => void;
}

/**
 * The side, top or drawer menu built from the server menus of the active application: a
 * navigation landmark of links, its groups disclosure buttons (WAI-ARIA's disclosure navigation
 * pattern: Tab moves between entries, Enter or Space opens a group, Escape closes a popup).
 * Drawn in plain markup, not antd's Menu: it is part of the console home, which must be usable
 * before antd's code has loaded (issue 18).
 */
export function NavMenu({ menu, mode, theme, collapsed = false, onNavigate }: NavMenuProps) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const trailRoutes = findMenuTrail(menu, pathname);
  const selected = trailRoutes.at(-1)?.path;
  const parents = trailRoutes.slice(0, -1).map((route) => route.path);
  const trailKey = parents.join('|');
  const display: GroupDisplay = mode === 'horizontal' || collapsed ? 'popup' : 'inline';

  const [open, setOpen] = useState({ trailKey, keys: parents });
  // Navigating elsewhere (a link, the tab bar) also opens the groups leading to the new page;
  // adjusted while rendering so the menu never paints the old state first.
  if (open.trailKey !== trailKey) setOpen({ trailKey, keys: [...new Set([...open.keys, ...parents])] });
  const [popup, setPopup] = useState<string | null>(null);
  const [popupPath, setPopupPath] = useState(pathname);
  // A popup closes once its page is chosen.
  if (popupPath !== pathname) {
    setPopupPath(pathname);
    setPopup(null);
  }

  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (popup === null) return undefined;
    const closeOutside = (event: MouseEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setPopup(null);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [popup]);

  const state: MenuState = {
    selected,
    trail: new Set(parents),
    display,
    popupSide: mode === 'horizontal' ? 'below' : 'beside',
    iconOnly: (depth) => collapsed && depth === 0,
    externalHint: t('nav.external'),
    onNavigate,
    isOpen: (path, depth) => (display === 'popup' && depth === 0 ? popup === path : open.keys.includes(path)),
    toggle: (path, depth) => {
      if (display === 'popup' && depth === 0) setPopup((current) => (current === path ? null : path));
      else
        setOpen(({ keys }) => ({
          trailKey,
          keys: keys.includes(path) ? keys.filter((key) => key !== path) : [...keys, path],
        }));
    },
    closePopup: () => setPopup(null),
  };

  const { listRef, fitting } = useFittingEntries(mode === 'horizontal', menu);
  const shown = menu.slice(0, fitting);
  const folded = menu.slice(fitting);
  const more: MenuRoute = {
    id: -1,
    name: MORE_PATH,
    path: MORE_PATH,
    component: '',
    redirect: null,
    hidden: false,
    hideChildrenInMenu: false,
    meta: { title: t('nav.more'), icon: null, target: null, link: null },
    children: folded,
  };

  const classes = [
    styles.menu,
    mode === 'horizontal' ? styles.horizontal : styles.inline,
    theme === 'dark' ? styles.dark : styles.light,
    collapsed ? styles.collapsed : '',
  ];
  return (
    <nav
      ref={navRef}
      aria-label={t('nav.label')}
      data-testid={`nav-menu-${mode}`}
      data-collapsed={collapsed ? 'true' : 'false'}
      className={classes.join(' ')}
    >
      <ul ref={listRef} className={styles.list}>
        {shown.map((route) => (
          <Entry key={route.path} route={route} depth={0} state={state} />
        ))}
        {/* Folded entries stay in the row, unseen and unreachable, so their widths can be measured. */}
        {folded.map((route) => (
          <Entry key={route.path} route={route} depth={0} state={state} unseen />
        ))}
        {mode === 'horizontal' && (
          <Group
            route={more}
            depth={0}
            state={state}
            icon={
              <span className={styles.icon} aria-hidden>
                <EllipsisOutlined />
              </span>
            }
            more
            inTrail={folded.some((route) => route.path === selected || state.trail.has(route.path))}
            unseen={folded.length === 0}
          />
        )}
      </ul>
    </nav>
  );
}

function Entry({
  route,
  depth,
  state,
  unseen = false,
}: {
  route: MenuRoute;
  depth: number;
  state: MenuState;
  /** A top-menu entry folded into "…": kept in place only to be measured. */
  unseen?: boolean;
}) {
  // The entry is named by its title alone (the icon's own label would come first otherwise).
  const icon = (
    <span className={styles.icon} aria-hidden>
      {menuIcon(route.meta.icon)}
    </span>
  );
  const iconOnly = state.iconOnly(depth);
  const label = <EntryLabel title={route.meta.title} iconOnly={iconOnly} />;
  // Inline groups indent their entries as antd's inline menu does (24px a level).
  const indent = state.display === 'inline' ? { paddingInlineStart: 24 + depth * 24 } : undefined;

  if (isExternalLink(route)) {
    // Spec 2: a route with a target opens as an external link, in a new window.
    return (
      <li className={styles.item} {...unseenProps(unseen)}>
        <a
          className={styles.entry}
          style={indent}
          href={route.path}
          target={route.meta.target ?? '_blank'}
          rel="noopener noreferrer"
          title={state.externalHint}
        >
          {icon}
          {label}
        </a>
      </li>
    );
  }
  if (route.children.length > 0)
    return <Group route={route} depth={depth} state={state} icon={icon} unseen={unseen} />;

  const selected = route.path === state.selected;
  return (
    <li className={selected ? `${styles.item} ${styles.selected}` : styles.item} {...unseenProps(unseen)}>
      <Link
        className={styles.entry}
        style={indent}
        to={route.path}
        title={iconOnly ? route.meta.title : undefined}
        aria-current={selected ? 'page' : undefined}
        onClick={state.onNavigate}
      >
        {icon}
        {label}
      </Link>
    </li>
  );
}

function Group({
  route,
  depth,
  state,
  icon,
  more = false,
  inTrail = state.trail.has(route.path),
  unseen = false,
}: {
  route: MenuRoute;
  depth: number;
  state: MenuState;
  icon: ReactNode;
  /** The top menu's "…": the entries that do not fit, its title for screen readers and the tooltip. */
  more?: boolean;
  inTrail?: boolean;
  unseen?: boolean;
}) {
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = state.isOpen(route.path, depth);
  const popup = state.display === 'popup' && depth === 0;
  const indent = state.display === 'inline' ? { paddingInlineStart: 24 + depth * 24 } : undefined;
  const [position, setPosition] = useState<CSSProperties>();
  // An open popup follows its group when the window is resized (the top menu's groups move) and
  // when anything scrolls (the top menu's row scrolls sideways on a narrow screen, the collapsed
  // side menu up and down). Scroll events do not bubble: the window hears them while capturing.
  useLayoutEffect(() => {
    const button = buttonRef.current;
    if (!popup || !open || !button) return;
    const place = () => {
      const rect = button.getBoundingClientRect();
      setPosition(
        state.popupSide === 'below'
          ? { top: rect.bottom, left: rect.left }
          : { top: rect.top, left: rect.right + 4 },
      );
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [popup, open, state.popupSide]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (!popup || event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    state.closePopup();
    buttonRef.current?.focus();
  };
  // Tabbing out of a popup closes it. A blur with no new focus (a click on something that takes
  // none, as Safari's links) is left to the click-elsewhere handler in NavMenu.
  const closeOnFocusOut = (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget;
    if (popup && open && next && !event.currentTarget.contains(next)) state.closePopup();
  };
  const iconOnly = more || state.iconOnly(depth);
  const classes = [styles.item, styles.group, inTrail ? styles.inTrail : ''];
  return (
    <li
      className={classes.join(' ')}
      onKeyDown={closeOnEscape}
      onBlur={closeOnFocusOut}
      data-testid={more ? 'nav-menu-more' : undefined}
      {...unseenProps(unseen)}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.entry}
        style={indent}
        aria-expanded={open}
        aria-controls={listId}
        title={iconOnly ? route.meta.title : undefined}
        onClick={() => state.toggle(route.path, depth)}
      >
        {icon}
        <EntryLabel title={route.meta.title} iconOnly={iconOnly} />
        {!iconOnly && <DownOutlined className={styles.arrow} aria-hidden />}
      </button>
      <ul
        id={listId}
        className={popup ? styles.popup : styles.list}
        style={popup ? position : undefined}
        hidden={!open}
      >
        {route.children.map((child) => (
          <Entry key={child.path} route={child} depth={depth + 1} state={state} />
        ))}
      </ul>
    </li>
  );
}

/** An entry's title; a collapsed menu shows the icon alone and keeps the title for screen readers. */
function EntryLabel({ title, iconOnly }: { title: string; iconOnly: boolean }) {
  return iconOnly ? <VisuallyHidden>{title}</VisuallyHidden> : <span className={styles.label}>{title}</span>;
}

/** The path of the top menu's "…" group (no route has it: paths start with / or a scheme). */
const MORE_PATH = '\u0000more';

/** Out of sight and of reach (no focus, no accessibility tree), but still measurable. */
const UNSEEN: CSSProperties = {
  position: 'absolute',
  top: 0,
  insetInlineStart: 0,
  visibility: 'hidden',
  pointerEvents: 'none',
};
const unseenProps = (unseen: boolean) =>
  unseen ? { style: UNSEEN, 'aria-hidden': true, inert: true, 'data-unseen': 'true' } : {};
