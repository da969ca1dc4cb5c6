import { DEFAULT_LOCALE, type Locale, matchLocale } from '@portal/contract';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export type MessageKey = keyof typeof enUS;
export type MessageCatalogue = Record<MessageKey, string>;

export const catalogues: Record<Locale, MessageCatalogue> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Fills `{name}` placeholders; unknown placeholders stay visible rather than vanish. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = catalogues[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The request's language: `locale` query first, then Accept-Language, then the default. */
export function resolveLocale(queryLocale: unknown, acceptLanguage: string | undefined): Locale {
  if (typeof queryLocale === 'string') {
    const fromQuery = matchLocale(queryLocale);
    if (fromQuery) return fromQuery;
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const fromHeader = matchLocale(part.split(';')[0]);
    if (fromHeader) return fromHeader;
  }
  return DEFAULT_LOCALE;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalogues['en-US'], key);
}
