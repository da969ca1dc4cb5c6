import { AppstoreOutlined, CloudDownloadOutlined } from '@ant-design/icons';
import type { AppEntry } from '@portal/contract';
import { Card, Col, Empty, Flex, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

interface WelcomePageProps {
  userName: string;
  apps: AppEntry[];
  lastLoginTime: string | null;
  lastLoginIp: string | null;
}

/** /welcome, the console home (spec 2): who you are, what you can use, where to start. */
export function WelcomePage({ userName, apps, lastLoginTime, lastLoginIp }: WelcomePageProps) {
  const { t } = useTranslation('pages');
  return (
    <Flex vertical gap="middle" data-testid="welcome-page">
      <Card>
        <Typography.Title level={3}>{t('welcome.greeting', { name: userName })}</Typography.Title>
        <Typography.Text type="secondary" data-testid="last-login">
          {lastLoginTime
            ? t('welcome.lastLogin', { time: formatDateTime(lastLoginTime), ip: lastLoginIp ?? '-' })
            : t('welcome.firstLogin')}
        </Typography.Text>
      </Card>
      <Card title={t('welcome.apps.title')}>
        {apps.length > 0 ? (
          <Flex wrap gap="small">
            {apps.map((app) => (
              <Tag key={app.code} color={app.active ? 'processing' : 'default'}>
                {app.active ? `${app.name} · ${t('welcome.apps.current')}` : app.name}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('welcome.apps.empty')} />
        )}
      </Card>
      <Card title={t('welcome.links.title')}>
        <Row gutter={[16, 16]}>
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
        </Row>
      </Card>
    </Flex>
  );
}

function Shortcut({ to, icon, title, hint }: { to: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <Col xs={24} md={12}>
      <Link to={to}>
        <Card hoverable size="small">
          <Card.Meta avatar={icon} title={title} description={hint} />
        </Card>
      </Link>
    </Col>
  );
}
