import { DEFAULT_LOCALE, type Locale, matchLocale } from '@portal/contract';

/**
 * The language to start in: the user's stored choice, else Chinese for any Chinese browser,
 * else English (spec 1: Chinese only when the browser speaks it).
 */
export function detectInitialLocale(stored: Locale | undefined, browserLanguage: string | undefined): Locale {
  if (stored) return stored;
  return matchLocale(browserLanguage) === 'zh-CN' ? 'zh-CN' : 'en-US';
}

/** Narrows whatever i18next reports to a supported locale. */
export function toLocale(language: string | undefined): Locale {
  return matchLocale(language) ?? DEFAULT_LOCALE;
}
