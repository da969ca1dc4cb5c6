import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { useShowTotal } from './show-total';

const initial = i18n.language;
afterEach(async () => {
  await act(() => i18n.changeLanguage(initial));
});

describe('useShowTotal', () => {
  it('says every table page the same way, in both languages', async () => {
    const { result } = renderHook(() => useShowTotal());
    await act(() => i18n.changeLanguage('en-US'));
    expect(result.current(23, [11, 20])).toBe('11-20 of 23');
    expect(result.current(2, [1, 2])).toBe('1-2 of 2');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(result.current(23, [11, 20])).toBe('第 11-20 条，共 23 条');
  });
});
