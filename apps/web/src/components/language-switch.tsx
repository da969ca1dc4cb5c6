import { LOCALES, type Locale } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '@/lib/i18n';
import { toLocale } from '@/lib/locale-detection';
import styles from './language-switch.module.css';

/**
 * 中文 / English toggle; the choice is stored and applied to i18next (antd and dayjs follow).
 * Radio buttons drawn like antd's small Segmented: the sign-in page shows it without antd.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const current = toLocale(i18n.resolvedLanguage);
  return (
    <div role="radiogroup" aria-label={t('language.label')} className={styles.group}>
      {LOCALES.map((locale: Locale) => (
        <label
          key={locale}
          className={locale === current ? `${styles.item} ${styles.selected}` : styles.item}
        >
          <input
            type="radio"
            name={name}
            value={locale}
            checked={locale === current}
            onChange={() => void changeLocale(locale)}
            className={styles.input}
          />
          <span title={t(`language.${locale}`)}>{t(`language.${locale}`)}</span>
        </label>
      ))}
    </div>
  );
}
