import { Button, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';
import styles from './basic-layout.module.css';
import { LayoutFooter } from './layout-footer';

interface BasicLayoutProps {
  /** How the signed-in user is named in the header. */
  userName: string;
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
}

/**
 * Frame of the signed-in pages. Minimal for now (header, content, footer); side menu,
 * application tabs and the multi-tab bar join it later. It receives the user through props
 * so the shell stays independent of the auth feature.
 */
export function BasicLayout({ userName, onLogout, loggingOut, children }: BasicLayoutProps) {
  const { t } = useTranslation();
  return (
    <Layout className={styles.layout}>
      <Layout.Header className={styles.header}>
        <Link to={paths.home} className={styles.brand}>
          {t('app.name')}
        </Link>
        <LanguageSwitch />
        <Typography.Text data-testid="current-user">{userName}</Typography.Text>
        <Button data-testid="logout" onClick={onLogout} loading={loggingOut}>
          {t('actions.logout')}
        </Button>
      </Layout.Header>
      <Layout.Content className={styles.content}>{children}</Layout.Content>
      <Layout.Footer className={styles.footer}>
        <LayoutFooter />
      </Layout.Footer>
    </Layout>
  );
}
