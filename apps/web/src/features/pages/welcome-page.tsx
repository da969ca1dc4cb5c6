import { AppstoreOutlined, CloudDownloadOutlined } from '@ant-design/icons';
import type { AppEntry } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AppPills } from '@/components/panel/app-pills';
import { Panel, SecondaryText } from '@/components/panel/panel';
import { formatDateTime } from '@/lib/format';
import styles from './welcome-page.module.css';

interface WelcomePageProps {
  userName: string;
  apps: AppEntry[];
  lastLoginTime: string | null;
  lastLoginIp: string | null;
  /** What needs the reader's attention (issue 42 §1), shown first. */
  attention?: ReactNode;
}

/**
 * /welcome, the console home (spec 2): who you are, what you can use, where to start. Plain
 * markup drawn like antd's cards and tags (components/panel): the home shows without waiting
 * for antd's code (issue 18: at most 250 kB of scripts before it is usable).
 */
export function WelcomePage({ userName, apps, lastLoginTime, lastLoginIp, attention }: WelcomePageProps) {
  const { t } = useTranslation('pages');
  return (
    <div className={styles.page} data-testid="welcome-page">
      {attention}
      <Panel>
        <h3 className={styles.greeting}>{t('welcome.greeting', { name: userName })}</h3>
        <SecondaryText testId="last-login">
          {lastLoginTime
            ? t('welcome.lastLogin', { time: formatDateTime(lastLoginTime), ip: lastLoginIp ?? '-' })
            : t('welcome.firstLogin')}
        </SecondaryText>
      </Panel>
      <Panel title={t('welcome.apps.title')}>
        <AppPills apps={apps} activeLabel={t('welcome.apps.current')} emptyText={t('welcome.apps.empty')} />
      </Panel>
      <Panel title={t('welcome.links.title')}>
        <div className={styles.shortcuts}>
          <Shortcut
            to={paths.firmwareDownload}
            icon={<CloudDownloadOutlined />}
            title={t('welcome.links.firmware')}
            hint={t('welcome.links.firmwareHint')}
          />
          <Shortcut
            to={paths.softwareDownload}
            icon={<AppstoreOutlined />}
            title={t('welcome.links.software')}
            hint={t('welcome.links.softwareHint')}
          />
        </div>
      </Panel>
    </div>
  );
}

function Shortcut({ to, icon, title, hint }: { to: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <Link to={to} className={styles.shortcut}>
      <span className={styles.shortcutIcon} aria-hidden>
        {icon}
      </span>
      <span>
        <span className={styles.shortcutTitle}>{title}</span>
        <SecondaryText>{hint}</SecondaryText>
      </span>
    </Link>
  );
}
