import { describe, expect, it } from 'vitest';
import { visibleText } from './visible-text';

describe('visibleText', () => {
  it('removes every bidi control and zero-width character, and controls', () => {
    expect(visibleText('demo-laptop\u202Egnp.exe')).toBe('demo-laptopgnp.exe');
    const hidden = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u0000',
      '\u001b',
      '\u007f',
      '\u009b',
    ];
    for (const char of hidden)
      expect(visibleText(`a${char}b${char}`), char.codePointAt(0)!.toString(16)).toBe('ab');
  });

  it('keeps ordinary text: Chinese, accents, emoji, spaces', () => {
    for (const text of ['build-7', '研发服务器 01', 'Café', 'host 🚀', 'a b'])
      expect(visibleText(text)).toBe(text);
  });
});
