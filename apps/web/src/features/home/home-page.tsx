import type { AppEntry } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { AppPills } from '@/components/panel/app-pills';
import { Panel, SecondaryText } from '@/components/panel/panel';
import { AttentionPanel } from './attention-panel';
import styles from './home.module.css';
import { NewestReleases } from './newest-releases';

interface HomePageProps {
  userName: string;
  apps: AppEntry[];
  /** Which parts of the attention panel the reader's menus allow (none: no panel). */
  attention: { fleet: boolean; advisories: boolean };
}

/**
 * The welcome page every signed-in route falls back to, and where sign-in lands. Plain markup
 * drawn like antd's Result, Card and Tag (components/panel): it shows without waiting for
 * antd's code, as the console home does (issue 18).
 */
export function HomePage({ userName, apps, attention }: HomePageProps) {
  const { t } = useTranslation('home');
  return (
    <div className={styles.page} data-testid="home-page">
      {attention.fleet && <AttentionPanel showAdvisories={attention.advisories} />}
      <div className={styles.result}>
        <SuccessMark />
        <h2 className={styles.resultTitle}>{t('pages.home.welcome', { name: userName })}</h2>
        <SecondaryText>{t('pages.home.subtitle')}</SecondaryText>
      </div>
      <Panel title={t('pages.home.apps.title')}>
        <AppPills
          apps={apps}
          activeLabel={t('pages.home.apps.active')}
          emptyText={t('pages.home.apps.empty')}
          testId="user-apps"
        />
      </Panel>
      <NewestReleases />
    </div>
  );
}

/**
 * antd's filled check-circle, drawn here: the icon itself lives with antd's core (its messages
 * use it), which this page does not load.
 */
function SuccessMark() {
  return (
    <svg
      className={styles.resultIcon}
      viewBox="0 0 24 24"
      width="72"
      height="72"
      aria-hidden
      focusable="false"
    >
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
