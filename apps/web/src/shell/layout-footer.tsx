import { useTranslation } from 'react-i18next';
import styles from './basic-layout.module.css';

export function LayoutFooter() {
  const { t } = useTranslation();
  return (
    <span className={styles.secondaryText}>{t('app.copyright', { year: new Date().getFullYear() })}</span>
  );
}
