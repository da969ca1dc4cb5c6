import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SearchableVersionList } from '../components/searchable-version-list';

export type OverseasList = 'all' | 'imsCli';

/**
 * /user/outseadownload and /user/outseadownloadimscli: the public items, no sign-in; the IMS CLI
 * page keeps to the CLI section. Checksums are in each row's expanded part.
 */
export function OverseasDownloadPage({ list }: { list: OverseasList }) {
  const { t } = useTranslation('catalog');
  return (
    <div data-testid="overseas-download">
      <Typography.Title level={3}>{t(`overseas.${list}.title`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`overseas.${list}.description`)}</Typography.Paragraph>
      <SearchableVersionList
        anonymous
        testId="overseas-table"
        filters={list === 'imsCli' ? { kind: ['SOFTWARE'], section: 'cli' } : {}}
        columns={['platform']}
      />
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={paths.login}>{t('overseas.signIn')}</Link>
      </Typography.Paragraph>
    </div>
  );
}
