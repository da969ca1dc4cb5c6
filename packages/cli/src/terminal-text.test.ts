import { visibleText } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { isSafeFileName } from './download/signed-set.ts';
import { formatTable } from './table.ts';
import { hasControlCharacters, printable } from './terminal-text.ts';

describe('printable', () => {
  it('removes whole escape sequences, not only their ESC', () => {
    expect(printable('a\u001b[2Jb\u001b[38;5;196mc\u009b31md')).toBe('abcd');
    expect(printable('t\u001b]0;pwned\u0007x')).toBe('tx');
    expect(printable('\u001b]8;;https://evil.example\u001b\\here\u001b]8;;\u001b\\')).toBe('here');
    expect(printable('\u009d0;pwned\u009cok\u001bc')).toBe('ok');
  });

  it('turns tabs and line breaks into spaces and drops every other control character', () => {
    expect(printable('a\tb\r\nc\u0085d')).toBe('a b  c d');
    expect(printable('bell\u0007 nul\u0000 del\u007f c1\u0080')).toBe('bell nul del c1');
    expect(printable('固件 ✓ é')).toBe('固件 ✓ é');
  });

  it('keeps each table row on its own line', () => {
    expect(formatTable(['A', 'B'], [['x\ny', 'z\u001b[2J']])).toBe('A    B\nx y  z\n');
  });
});

describe('file names', () => {
  it('with control characters are refused', () => {
    expect(hasControlCharacters('bios.bin')).toBe(false);
    expect(isSafeFileName('bios.bin')).toBe(true);
    expect(isSafeFileName('bios\u001b]0;x\u0007.bin')).toBe(false);
    expect(isSafeFileName('bios\n.bin')).toBe(false);
    expect(isSafeFileName('bios\u009b.bin')).toBe(false);
    expect(isSafeFileName('../x')).toBe(false);
  });

  it("that Windows takes for a device or another file's stream are refused (the win-x64 build)", () => {
    for (const name of ['CON', 'aux.tar.gz', 'bios.bin:payload', 'bios.bin.'])
      expect(isSafeFileName(name), name).toBe(false);
  });
});

describe('invisible characters', () => {
  it('printable removes the same bidi and zero-width characters as the portal (contract visibleText)', () => {
    const invisible = [
      '\u061c',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      ...'\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff',
    ];
    for (const char of invisible) {
      const text = `demo-laptop${char}gnp.exe`;
      expect(printable(text), char.codePointAt(0)!.toString(16)).toBe('demo-laptopgnp.exe');
      expect(printable(text)).toBe(visibleText(text));
    }
  });
});
