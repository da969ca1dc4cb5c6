import { DEFAULT_LOCALE, type Locale, matchLocale } from '@portal/contract';
import { fillMessage } from '@portal/contract/message-template';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export type MessageKey = keyof typeof enUS;
export type MessageCatalogue = Record<MessageKey, string>;

export const catalogues: Record<Locale, MessageCatalogue> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Fills `{name}` placeholders and `{count:one|other}` words; unknown placeholders stay visible rather than vanish. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return fillMessage(catalogues[locale][key], params, locale);
}

/** The request's language: `locale` query first, then Accept-Language, then the default. */
export function resolveLocale(queryLocale: unknown, acceptLanguage: string | undefined): Locale {
  if (typeof queryLocale === 'string') {
    const fromQuery = matchLocale(queryLocale);
    if (fromQuery) return fromQuery;
  }
  return preferredLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}

/**
 * The supported language an Accept-Language header prefers most (RFC 9110 12.5.4): the
 * highest q-weight wins, ties keep the header's order, `q=0` means "not this one".
 */
export function preferredLocale(acceptLanguage: string | undefined): Locale | undefined {
  let best: { locale: Locale; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag, ...params] = part.split(';');
    const locale = matchLocale(tag);
    if (!locale) continue;
    const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalogues['en-US'], key);
}
