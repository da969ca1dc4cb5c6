import { placeholdersOf } from '@portal/contract/message-template';
import { describe, expect, it } from 'vitest';
import { localeOf, translator } from './i18n.ts';
import { enUS } from './locales/en-US.ts';
import { zhCN } from './locales/zh-CN.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('messages', () => {
  it('both languages have the same keys', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('both languages use the same placeholders in each message', () => {
    for (const [key, text] of Object.entries(enUS))
      expect(placeholders(zhCN[key as keyof typeof enUS]), key).toEqual(placeholders(text));
  });

  it('words English by number: each choice counts a value the message shows, no "(s)" left', () => {
    for (const [key, text] of Object.entries(enUS)) {
      for (const [, name] of text.matchAll(/\{(\w+):[^{}|]*\|[^{}]*\}/g))
        expect(placeholdersOf(text), key).toContain(name);
      expect(text, key).not.toMatch(/\w(?<!http)\((s|es|ies)\)/);
    }
    const t = translator('en-US');
    expect(t('download.summary', { count: 1, bytes: '3 MB', seconds: 2 })).toBe(
      '1 file, 3 MB, verified in 2 s',
    );
    expect(t('download.summary', { count: 2, bytes: '3 MB', seconds: 2 })).toBe(
      '2 files, 3 MB, verified in 2 s',
    );
  });

  it('fills placeholders', () => {
    expect(translator('en-US')('error.http', { status: 502 })).toBe('the portal answered HTTP 502');
  });
});

describe('the language', () => {
  it('is --lang, else LC_ALL, LC_MESSAGES, LANG; any zh* is Chinese', () => {
    expect(localeOf('en-US', { LANG: 'zh_CN.UTF-8' })).toBe('en-US');
    expect(localeOf('fr-FR', {})).toBeUndefined();
    expect(localeOf(undefined, { LC_ALL: 'zh_TW.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(localeOf(undefined, { LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(localeOf(undefined, { LANG: 'C.UTF-8' })).toBe('en-US');
    expect(localeOf(undefined, {})).toBe('en-US');
  });
});
