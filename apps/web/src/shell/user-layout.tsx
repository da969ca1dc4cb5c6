import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { LayoutFooter } from './layout-footer';
import styles from './user-layout.module.css';

/** Frame of the sign-in type pages: language switch, portal name, a centred card, footer. */
export function UserLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <LanguageSwitch />
      </div>
      <main className={styles.main}>
        <Typography.Title level={2} className={styles.logo}>
          {t('app.name')}
        </Typography.Title>
        {/* A styled section rather than antd's Card, which bundles Tabs (and Menu) into the sign-in page. */}
        <section className={styles.card}>
          <Outlet />
        </section>
      </main>
      <footer className={styles.footer}>
        <LayoutFooter />
      </footer>
    </div>
  );
}
