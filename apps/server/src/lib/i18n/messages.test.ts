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

  it('fills placeholders and resolves the language', () => {
    expect(translate('en-US', 'URL_NOT_FOUND', { path: '/x' })).toBe('URL does not exist: /x');
    expect(resolveLocale('en', undefined)).toBe('en-US');
    expect(resolveLocale(undefined, 'zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(resolveLocale(undefined, undefined)).toBe('zh-CN');
  });
});
