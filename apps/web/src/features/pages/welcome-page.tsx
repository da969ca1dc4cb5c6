import { AppstoreOutlined, CloudDownloadOutlined } from '@ant-design/icons';
import type { AppEntry } from '@portal/contract';
import { Card, Empty, Flex, Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import styles from './welcome-page.module.css';

interface WelcomePageProps {
  userName: string;
  apps: AppEntry[];
  lastLoginTime: string | null;
  lastLoginIp: string | null;
}

/**
 * /welcome, the console home (spec 2): who you are, what you can use, where to start. Plain
 * headings and a CSS grid instead of antd's Typography and Row/Col keep their code (an input,
 * tooltips, the grid's breakpoints) off the first page after sign-in.
 */
export function WelcomePage({ userName, apps, lastLoginTime, lastLoginIp }: WelcomePageProps) {
  const { t } = useTranslation('pages');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="middle" data-testid="welcome-page">
      <Card>
        <h3
          className={styles.greeting}
          style={{
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading3,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {t('welcome.greeting', { name: userName })}
        </h3>
        <span style={{ color: token.colorTextSecondary }} data-testid="last-login">
          {lastLoginTime
            ? t('welcome.lastLogin', { time: formatDateTime(lastLoginTime), ip: lastLoginIp ?? '-' })
            : t('welcome.firstLogin')}
        </span>
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
      </Card>
    </Flex>
  );
}

function Shortcut({ to, icon, title, hint }: { to: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <Link to={to}>
      <Card hoverable size="small">
        <Card.Meta avatar={icon} title={title} description={hint} />
      </Card>
    </Link>
  );
}
