import { CloudServerOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VisuallyHidden } from '@/components/visually-hidden';
import { LOGO_TITLE_MAX_WIDTH } from '@/config/console';
import { paths } from '@/config/paths';
import { ellipsisByWidth } from '@/lib/format';
import styles from './basic-layout.module.css';

interface LogoTitleProps {
  /** The top menu leaves less room, so the title is cut earlier there (spec 2). */
  topMenu: boolean;
  /** Only the mark shows in a collapsed side menu. */
  collapsed?: boolean;
  dark?: boolean;
}

/**
 * Logo and portal name, leading to the console home; a cut title shows in full in a tooltip.
 * The link is named by its text, the full title (hidden on screen), not by an aria-label: a
 * label that differs from the visible text confuses speech input (WCAG 2.5.3).
 */
export function LogoTitle({ topMenu, collapsed = false, dark = false }: LogoTitleProps) {
  const { t } = useTranslation();
  const fullTitle = t('app.name');
  const { text, truncated } = ellipsisByWidth(
    fullTitle,
    topMenu ? LOGO_TITLE_MAX_WIDTH.topMenu : LOGO_TITLE_MAX_WIDTH.sideMenu,
  );
  // A cut title shows whole in the browser's tooltip.
  const title = (
    <span
      className={styles.logoText}
      data-testid="logo-title"
      aria-hidden
      title={truncated ? fullTitle : undefined}
    >
      {text}
    </span>
  );
  return (
    <Link to={paths.welcome} className={`${styles.logo} ${dark ? styles.logoDark : ''}`} data-testid="logo">
      <CloudServerOutlined className={styles.logoMark} aria-hidden />
      <VisuallyHidden>{fullTitle}</VisuallyHidden>
      {!collapsed && title}
    </Link>
  );
}
