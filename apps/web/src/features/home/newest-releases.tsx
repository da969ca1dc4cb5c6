import { Button, Card, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { SeverityTag, useVersions } from '@/features/catalog';
import { versionPath } from './version-path';

/** The home page's newest releases the reader may download, with the way to the download pages. */
export function NewestReleases() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const versions = useVersions({ latest: true, pageNo: 1, pageSize: 6 });
  return (
    <Card
      title={t('pages.home.catalogue.title')}
      data-testid="home-newest"
      extra={
        <Flex gap="small" wrap>
          <Button size="small" onClick={() => navigate(paths.firmwareDownload)}>
            {t('pages.home.catalogue.firmware')}
          </Button>
          <Button size="small" onClick={() => navigate(paths.softwareDownload)}>
            {t('pages.home.catalogue.software')}
          </Button>
        </Flex>
      }
    >
      <List
        loading={versions.isLoading}
        dataSource={versions.data?.rows ?? []}
        locale={{ emptyText: versions.isError ? versions.error.message : t('pages.home.catalogue.empty') }}
        renderItem={(row) => (
          <List.Item key={row.versionId} extra={<SeverityTag severity={row.severity} />}>
            <List.Item.Meta
              title={
                <Link to={versionPath(row)} data-testid={`home-newest-${row.versionId}`}>
                  {row.itemName} {row.version}
                </Link>
              }
              description={<Typography.Text type="secondary">{row.releaseDate}</Typography.Text>}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
