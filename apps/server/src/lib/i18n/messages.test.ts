import { placeholdersOf } from '@portal/contract/message-template';
import { describe, expect, it } from 'vitest';
import { catalogues, resolveLocale, translate } from './messages';

describe('server messages', () => {
  it('has the same keys and placeholders in both languages', () => {
    const zh = catalogues['zh-CN'];
    const en = catalogues['en-US'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
      expect(zh[key].trim(), key).not.toBe('');
    }
  });

  it('words English by number: each choice counts a value the message shows, no "(s)" left', () => {
    for (const [key, text] of Object.entries(catalogues['en-US'])) {
      for (const [, name] of text.matchAll(/\{(\w+):[^{}|]*\|[^{}]*\}/g))
        expect(placeholdersOf(text), key).toContain(name);
      expect(text, key).not.toMatch(/\w(?<!http)\((s|es|ies)\)/);
    }
    expect(translate('en-US', 'DICT_TYPE_HAS_VALUES', { code: 'industry', count: 1 })).toBe(
      'Dictionary industry still has 1 value; delete it first',
    );
    expect(translate('en-US', 'DICT_TYPE_HAS_VALUES', { code: 'industry', count: 16 })).toBe(
      'Dictionary industry still has 16 values; delete them first',
    );
  });

  // Issue 18 §3: the server knows no reader's time zone, so its texts never carry a clock time
  // (that was UTC); they say how long, and the browser shows instants from structured fields.
  it('names no clock time and uses one name per page', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const [key, text] of Object.entries(catalogues[locale])) {
        expect(text, key).not.toMatch(/\{(until|expires|expiresAt|time|at)\}/);
        expect(text, key).not.toMatch(/Individual Center|个人设置|账户设置/);
      }
    }
  });

  it('fills placeholders and resolves the language', () => {
    expect(translate('en-US', 'URL_NOT_FOUND', { path: '/x' })).toBe('URL does not exist: /x');
    expect(resolveLocale('en', undefined)).toBe('en-US');
    expect(resolveLocale(undefined, 'zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(resolveLocale(undefined, undefined)).toBe('zh-CN');
  });

  it('honours Accept-Language q-weights, not only the order', () => {
    expect(resolveLocale(undefined, 'zh-CN;q=0.1, en-US;q=0.9')).toBe('en-US');
    expect(resolveLocale(undefined, 'en;q=0.5, zh-Hans;q=0.8, fr')).toBe('zh-CN');
    // Equal weights keep the header's order; q=0 refuses a language.
    expect(resolveLocale(undefined, 'en-GB;q=0.7, zh;q=0.7')).toBe('en-US');
    expect(resolveLocale(undefined, 'zh;q=0, en;q=0.2')).toBe('en-US');
    expect(resolveLocale(undefined, 'en;q=0, fr')).toBe('zh-CN');
    // A malformed weight is ignored rather than trusted.
    expect(resolveLocale(undefined, 'en;q=abc, zh;q=0.3')).toBe('zh-CN');
  });
});
