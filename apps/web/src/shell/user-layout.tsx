import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import styles from './user-layout.module.css';

/**
 * Frame of the sign-in type pages: language switch, portal name, a centred card, footer.
 * Plain markup styled like antd (Typography, Card): the sign-in page renders without antd,
 * the lazily loaded pages in the card bring it along.
 */
export function UserLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <LanguageSwitch />
      </div>
      <main className={styles.main}>
        <h2 className={styles.logo}>{t('app.name')}</h2>
        <section className={styles.card}>
          <Outlet />
        </section>
      </main>
      <footer className={styles.footer}>{t('app.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
