import { LOCALES, type Locale } from '@portal/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '@/lib/i18n';
import { toLocale } from '@/lib/locale-detection';

/** 中文 / English toggle; the choice is stored and applied to i18next, dayjs and antd. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const options = LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`) }));
  return (
    <Segmented<Locale>
      aria-label={t('language.label')}
      size="small"
      options={options}
      value={toLocale(i18n.resolvedLanguage)}
      onChange={(locale) => void changeLocale(locale)}
    />
  );
}
