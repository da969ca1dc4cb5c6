import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Panel } from '@/components/panel/panel';
import { WidePublicPage } from '@/components/wide-public-page';
import { paths } from '@/config/paths';
import { PublicVersionList } from '../components/public-list/public-version-list';
import { OVERSEAS_FILTERS, type OverseasList } from '../utils/overseas-lists';
import styles from './overseas-download-page.module.css';

/**
 * /user/outseadownload and /user/outseadownloadimscli: the public items, no sign-in; the IMS CLI
 * page keeps to the CLI section. Checksums are in each row's expanded part. The page is drawn
 * without antd (components/panel, the plain public list): it counts every script before its
 * first row (issue 18: at most 0.5 s).
 */
export function OverseasDownloadPage({ list }: { list: OverseasList }) {
  const { t } = useTranslation('catalog');
  return (
    <WidePublicPage testId="overseas-download" actions={<LanguageSwitch />}>
      <Panel>
        <h2 className={styles.title}>{t(`overseas.${list}.title`)}</h2>
        <p className={styles.description}>{t(`overseas.${list}.description`)}</p>
        <PublicVersionList testId="overseas-table" filters={OVERSEAS_FILTERS[list]} />
        <p className={styles.signIn}>
          <Link to={paths.login}>{t('overseas.signIn')}</Link>
        </p>
      </Panel>
    </WidePublicPage>
  );
}
