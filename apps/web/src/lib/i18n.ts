import { LOCALES, type Locale } from '@portal/contract';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  BUNDLED_NAMESPACES,
  bundledResources,
  CONSOLE_NAMESPACES,
  DEFAULT_NAMESPACE,
  isConsoleNamespace,
  loadConsoleNamespace,
} from '@/locales';
import { detectInitialLocale, toLocale } from './locale-detection';
import { readStored, writeStored } from './storage';

/** Keeps <html lang> in the UI language (antd and dayjs follow in app/antd-provider.tsx). */
function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
}

/**
 * Fetches the console's namespaces on demand, in one language: useTranslation('shell') waits
 * (suspends) until they are there, and a language switch loads the new language's copy of
 * every namespace in use before it shows anything.
 */
const consoleNamespaces: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isConsoleNamespace(namespace)) {
      callback(new Error(`unknown namespace ${namespace}`), false);
      return;
    }
    loadConsoleNamespace(toLocale(language), namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const initialLocale = detectInitialLocale(readStored('locale'), window.navigator.language);

void i18n
  .use(consoleNamespaces)
  .use(initReactI18next)
  .init({
    // Copies: i18next adds the loaded namespaces to the objects it is given.
    resources: {
      'zh-CN': { ...bundledResources['zh-CN'] },
      'en-US': { ...bundledResources['en-US'] },
    },
    // The bundled namespaces are complete; the backend only adds the console's.
    partialBundledLanguages: true,
    lng: initialLocale,
    // Both languages have every key (locales.test), so there is nothing to fall back to, and
    // without a fallback only the UI language's console texts are downloaded.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    ns: [...BUNDLED_NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    // Keys are flat dotted strings ('pages.login.title'), not nested objects.
    keySeparator: false,
    interpolation: { escapeValue: false }, // React already escapes.
    // What the first render needs is bundled, so initialising synchronously lets it be translated.
    initAsync: false,
    returnNull: false,
    // A key found in no language is a bug: report it loudly (the browser tests fail on console errors).
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      console.error(`[i18n] missing key ${namespace}:${key} (${languages.join(', ')})`);
    },
  });
applyDocumentLanguage(initialLocale);

export function getCurrentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeStored('locale', locale);
  // Resolves once the new language's texts in use are loaded and applied.
  await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

/** Starts fetching the console's texts; the console's loader awaits it next to its own code. */
export async function loadConsoleTranslations(): Promise<void> {
  await i18n.loadNamespaces([...CONSOLE_NAMESPACES]);
}

export { i18n };
