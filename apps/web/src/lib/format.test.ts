import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { ellipsisByWidth, formatDateTime, formatMoney, formatNumber, textWidth } from './format';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1234567, '-1,234,567'],
    [1234.5678, '1,234.5678'],
    ['98765', '98,765'],
    [1e21, '1,000,000,000,000,000,000,000'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it.each([null, undefined, '', 0, Number.NaN, 'abc', Number.POSITIVE_INFINITY])(
    'gives 0 for %s',
    (value) => {
      expect(formatNumber(value)).toBe('0');
    },
  );
});

describe('formatMoney', () => {
  it.each([
    [1234, '1,234.00'],
    [12345678, '12,345,678.00'],
    [1234567.891, '1,234,567.89'],
    [0.5, '0.50'],
    [999.999, '1,000.00'],
    [-1234.5, '-1,234.50'],
    [-0.001, '0.00'],
    ['1234.5', '1,234.50'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it.each([null, undefined, '', 0, Number.NaN, 'abc', Number.NEGATIVE_INFINITY])(
    'gives 0.00 for %s',
    (value) => {
      expect(formatMoney(value)).toBe('0.00');
    },
  );
});

describe('formatDateTime', () => {
  const local = new Date(2024, 0, 2, 3, 4, 5); // local time, so the test holds in any time zone

  it('uses YYYY-MM-DD HH:mm:ss by default', () => {
    expect(formatDateTime(local)).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(local.getTime())).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(dayjs(local))).toBe('2024-01-02 03:04:05');
  });

  it('reads ISO strings from the server in local time', () => {
    const iso = '2024-06-30T22:15:00.000Z';
    expect(formatDateTime(iso)).toBe(dayjs(new Date(iso)).format('YYYY-MM-DD HH:mm:ss'));
  });

  it('accepts another pattern', () => {
    expect(formatDateTime(local, 'YYYY/MM/DD')).toBe('2024/01/02');
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('gives an empty string for %s', (value) => {
    expect(formatDateTime(value)).toBe('');
  });
});

describe('textWidth', () => {
  it('counts ASCII as 1 and characters above code 128 as 2', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('Portal')).toBe(6);
    expect(textWidth('固件下载')).toBe(8);
    expect(textWidth('BMC固件')).toBe(7);
    expect(textWidth('\u0080')).toBe(1); // exactly 128 is not "above"
    expect(textWidth('é')).toBe(2);
  });

  it('counts an emoji as one wide character, not per UTF-16 unit', () => {
    expect(textWidth('😀')).toBe(2);
    expect(textWidth('a😀b')).toBe(4);
    expect(textWidth('👨‍👩‍👧')).toBe(2); // one family emoji made of five code points
    expect(textWidth('🇨🇳')).toBe(2);
    expect(textWidth('e\u0301')).toBe(2); // e + combining accent reads as one é
  });
});

describe('ellipsisByWidth', () => {
  it('keeps text up to exactly the maximum width', () => {
    expect(ellipsisByWidth('0123456789', 10)).toEqual({ text: '0123456789', truncated: false });
    expect(ellipsisByWidth('固件下载平台', 12)).toEqual({ text: '固件下载平台', truncated: false });
    expect(ellipsisByWidth('', 10)).toEqual({ text: '', truncated: false });
  });

  it('cuts one character past the maximum and appends dots', () => {
    expect(ellipsisByWidth('0123456789A', 10)).toEqual({ text: '0123456789...', truncated: true });
    expect(ellipsisByWidth('Download portal', 8)).toEqual({ text: 'Download...', truncated: true });
  });

  it('does not overshoot with a wide character at the boundary', () => {
    // 'abcdefghi' is 9 wide; '固' would make 11, so it and everything after it goes.
    expect(ellipsisByWidth('abcdefghi固件', 10)).toEqual({ text: 'abcdefghi...', truncated: true });
    expect(ellipsisByWidth('服务器固件下载门户', 10)).toEqual({ text: '服务器固件...', truncated: true });
    expect(ellipsisByWidth('服务器固件下载门户', 8)).toEqual({ text: '服务器固...', truncated: true });
  });

  it('stops at the first character that does not fit, even if a narrower one follows', () => {
    expect(ellipsisByWidth('abcdefghi固j', 10)).toEqual({ text: 'abcdefghi...', truncated: true });
  });

  it('never splits an emoji or a combined character', () => {
    const { text } = ellipsisByWidth('abcdefghi😀xyz', 10);
    expect(text).toBe('abcdefghi...');
    expect(ellipsisByWidth('😀😀😀😀😀😀', 10)).toEqual({ text: '😀😀😀😀😀...', truncated: true });
    expect(ellipsisByWidth('👨‍👩‍👧👨‍👩‍👧', 3)).toEqual({ text: '👨‍👩‍👧...', truncated: true });
    expect(ellipsisByWidth('abcdefghie\u0301x', 10).text).toBe('abcdefghi...');
  });

  it('gives only dots when nothing fits', () => {
    expect(ellipsisByWidth('固件', 1)).toEqual({ text: '...', truncated: true });
    expect(ellipsisByWidth('abc', 0)).toEqual({ text: '...', truncated: true });
  });
});

describe('without Intl.Segmenter (older browsers)', () => {
  it('still keeps surrogate pairs whole by counting code points', async () => {
    // Intl's members are not enumerable, so inherit them instead of spreading.
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl), { Segmenter: undefined }));
    try {
      vi.resetModules();
      const fallback = await import('./format');
      expect(fallback.textWidth('a😀b')).toBe(4);
      expect(fallback.ellipsisByWidth('abcdefgh😀😀', 10)).toEqual({
        text: 'abcdefgh😀...',
        truncated: true,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
