import type { Locale } from '@portal/contract';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from '@/locales';
import { detectInitialLocale, toLocale } from './locale-detection';
import { readStored, writeStored } from './storage';

const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Keeps everything outside i18next (dayjs, <html lang>) in the same language. */
function applyLocaleSideEffects(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALES[locale]);
  document.documentElement.lang = locale;
}

const initialLocale = detectInitialLocale(readStored('locale'), window.navigator.language);

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale,
  fallbackLng: 'zh-CN',
  supportedLngs: Object.keys(resources),
  ns: NAMESPACES,
  defaultNS: DEFAULT_NAMESPACE,
  // Keys are flat dotted strings ('pages.login.title'), not nested objects.
  keySeparator: false,
  interpolation: { escapeValue: false }, // React already escapes.
  // Resources are bundled, so initialising synchronously lets the first render be translated.
  initAsync: false,
  returnNull: false,
  // A key found in no language is a bug: report it loudly (the browser tests fail on console errors).
  saveMissing: true,
  missingKeyHandler: (languages, namespace, key) => {
    console.error(`[i18n] missing key ${namespace}:${key} (${languages.join(', ')})`);
  },
});
applyLocaleSideEffects(initialLocale);

export function getCurrentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeStored('locale', locale);
  applyLocaleSideEffects(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
