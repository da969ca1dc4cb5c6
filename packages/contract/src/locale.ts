import { z } from 'zod';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/**
 * Maps a loose language tag ("en", "zh", "en-GB", "zh-Hans-CN") to a
 * supported locale; undefined when the tag names neither language.
 */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return undefined;
}
