import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';
import { SearchableVersionList } from '../components/searchable-version-list';
import { OVERSEAS_FILTERS, type OverseasList } from '../utils/overseas-lists';
import styles from './overseas-download-page.module.css';

/**
 * /user/outseadownload and /user/outseadownloadimscli: the public items, no sign-in; the IMS CLI
 * page keeps to the CLI section. Checksums are in each row's expanded part.
 */
export function OverseasDownloadPage({ list }: { list: OverseasList }) {
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  return (
    <div className={styles.page} data-testid="overseas-download">
      <header className={styles.toolbar}>
        <h1 className={styles.portal}>{tCommon('app.name')}</h1>
        <LanguageSwitch />
      </header>
      <main className={styles.main}>
        <Card>
          <Typography.Title level={3}>{t(`overseas.${list}.title`)}</Typography.Title>
          <Typography.Paragraph type="secondary">{t(`overseas.${list}.description`)}</Typography.Paragraph>
          <SearchableVersionList
            anonymous
            testId="overseas-table"
            filters={OVERSEAS_FILTERS[list]}
            columns={['platform']}
          />
          <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to={paths.login}>{t('overseas.signIn')}</Link>
          </Typography.Paragraph>
        </Card>
      </main>
    </div>
  );
}
