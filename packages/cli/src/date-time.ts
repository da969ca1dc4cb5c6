import type { Locale } from './i18n.ts';

/**
 * Day, month and year as each language writes them, never month first (12/2/2026 reads as
 * 12 February in most of the world): 2 Dec 2026 and 2026年12月2日. Times on the 24-hour clock.
 */
const FORMATS: Record<Locale, { locale: string; options: Intl.DateTimeFormatOptions }> = {
  'en-US': { locale: 'en-GB', options: { day: 'numeric', month: 'short', year: 'numeric' } },
  'zh-CN': { locale: 'zh-CN', options: { year: 'numeric', month: 'long', day: 'numeric' } },
};

/** An instant (ISO) as a date and time of the reader's zone (or `timeZone`), in `locale`. */
export function formatDateTime(iso: string, locale: Locale, timeZone?: string): string {
  const { locale: tag, options } = FORMATS[locale];
  return new Intl.DateTimeFormat(tag, {
    ...options,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}
