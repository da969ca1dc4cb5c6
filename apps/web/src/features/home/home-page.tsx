import type { AppEntry } from '@portal/contract';
import { Card, Empty, Flex, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewestReleases } from './newest-releases';

interface HomePageProps {
  userName: string;
  apps: AppEntry[];
}

/** The welcome page every signed-in route falls back to. */
export function HomePage({ userName, apps }: HomePageProps) {
  const { t } = useTranslation('home');
  return (
    <Flex vertical gap="large">
      <Result
        status="success"
        title={t('pages.home.welcome', { name: userName })}
        subTitle={t('pages.home.subtitle')}
      />
      <Card title={t('pages.home.apps.title')}>
        {apps.length > 0 ? (
          <Flex wrap gap="small" data-testid="user-apps">
            {apps.map((app) => (
              <Tag key={app.code} color={app.active ? 'processing' : 'default'}>
                {app.active ? `${app.name} · ${t('pages.home.apps.active')}` : app.name}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.home.apps.empty')} />
        )}
      </Card>
      <NewestReleases />
    </Flex>
  );
}
