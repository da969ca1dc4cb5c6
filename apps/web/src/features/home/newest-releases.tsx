import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { firstContentShown } from '@/lib/first-content';
import { EmptyText, Panel, SecondaryText } from '@/components/panel/panel';
import { paths } from '@/config/paths';
import { SeverityTag, useVersions } from '@/features/catalog';
import styles from './home.module.css';
import { NEWEST_RELEASES_QUERY } from './newest-releases-query';
import { versionPath } from './version-path';

/** The home page's newest releases the reader may download, with the way to the download pages. */
export function NewestReleases() {
  const { t } = useTranslation('home');
  const versions = useVersions(NEWEST_RELEASES_QUERY);
  const rows = versions.data?.rows ?? [];
  // The page's first content: the frame's extras may load now (lib/first-content.ts).
  useEffect(() => {
    if (!versions.isLoading) firstContentShown();
  }, [versions.isLoading]);
  return (
    <Panel
      title={t('pages.home.catalogue.title')}
      testId="home-newest"
      extra={
        <div className={styles.links}>
          <Link className={styles.linkButton} to={paths.firmwareDownload}>
            {t('pages.home.catalogue.firmware')}
          </Link>
          <Link className={styles.linkButton} to={paths.softwareDownload}>
            {t('pages.home.catalogue.software')}
          </Link>
        </div>
      }
    >
      {versions.isLoading ? (
        <FullPageSpinner inline />
      ) : rows.length === 0 ? (
        <EmptyText alert={versions.isError}>
          {versions.isError ? versions.error.message : t('pages.home.catalogue.empty')}
        </EmptyText>
      ) : (
        <ul className={styles.releases}>
          {rows.map((row) => (
            <li key={row.versionId} className={styles.release}>
              <div>
                <Link to={versionPath(row)} data-testid={`home-newest-${row.versionId}`}>
                  {row.itemName} {row.version}
                </Link>
                <SecondaryText>{row.releaseDate}</SecondaryText>
              </div>
              <SeverityTag severity={row.severity} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
