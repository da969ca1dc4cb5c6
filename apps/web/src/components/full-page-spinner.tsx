import { useTranslation } from 'react-i18next';
import styles from './full-page-spinner.module.css';

/**
 * Shown while something the whole page depends on (the signed-in user, a lazily loaded page)
 * loads. Plain markup drawn like antd's large Spin, because it shows before antd is loaded.
 * `inline`: in the page area of the console (a page's code loading), not the whole window.
 */
export function FullPageSpinner({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={inline ? `${styles.page} ${styles.inline}` : styles.page}
      role="status"
      aria-live="polite"
      data-testid="full-page-spinner"
      // The console frame hides its footer while a page's code loads (basic-layout.module.css).
      data-page-loading={inline ? '' : undefined}
    >
      <span className={styles.dots} aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className={styles.text}>{t('app.loading')}</span>
    </div>
  );
}
