import { fillMessage } from '@portal/contract/message-template';
import { enUS } from './locales/en-US.ts';
import { zhCN } from './locales/zh-CN.ts';
import { printable } from './terminal-text.ts';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageKey = keyof typeof enUS;
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

/** `--lang` first, then the POSIX order LC_ALL, LC_MESSAGES, LANG; any zh* reads Chinese. */
export function localeOf(flag: string | undefined, env: NodeJS.ProcessEnv): Locale | undefined {
  if (flag !== undefined) return (LOCALES as readonly string[]).includes(flag) ? (flag as Locale) : undefined;
  const system = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return system.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/**
 * The values filled in are made printable: they carry what the portal sent (names, its error
 * messages), and every line the CLI prints is a message of this translator. `{count:file|files}`
 * picks the word for the number (contract's message-template).
 */
export function translator(locale: Locale): Translate {
  const messages = MESSAGES[locale];
  return (key, params = {}) => fillMessage(messages[key], params, locale, printable);
}
