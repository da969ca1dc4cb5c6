import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { WidePublicPage } from '@/components/wide-public-page';
import { loginPathFor, paths } from '@/config/paths';
import { AdvisoryDetail } from './components/advisory-detail';
import { AdvisoryList } from './components/advisory-list';
import styles from './public-advisories-page.module.css';

/** The advisory of a path below the list (`/security/advisories/<ID>`), if any. */
export function advisoryIdOfPath(pathname: string): string | undefined {
  const rest = pathname.startsWith(`${paths.advisories}/`) ? pathname.slice(paths.advisories.length + 1) : '';
  const id = decodeURIComponent(rest.split('/')[0] ?? '');
  return id ? id.toUpperCase() : undefined;
}

/**
 * The advisories for a signed-out reader, at the console's addresses: the same links (CSAF
 * documents, mails, webhooks) work for everyone. The server shows them TLP:WHITE advisories only.
 * The route guard renders it for visitors without a session (app/route-guard.tsx).
 */
export function PublicAdvisoriesPage() {
  const { t } = useTranslation('advisories');
  const { pathname, search } = useLocation();
  const advisoryId = advisoryIdOfPath(pathname);
  return (
    <WidePublicPage
      testId="public-advisories"
      toolbarClassName={styles.toolbar}
      actions={
        <div className={styles.actions}>
          <Link to={loginPathFor(`${pathname}${search}`)}>{t('public.signIn')}</Link>
          <LanguageSwitch />
        </div>
      }
    >
      <div className={styles.panel}>
        {advisoryId ? (
          <>
            <Link to={paths.advisories} className={styles.back}>
              <ArrowLeftOutlined /> {t('detail.back')}
            </Link>
            <AdvisoryDetail advisoryId={advisoryId} signedIn={false} />
          </>
        ) : (
          <>
            <h2 className={styles.title}>{t('list.title')}</h2>
            <AdvisoryList signedIn={false} />
          </>
        )}
      </div>
    </WidePublicPage>
  );
}
