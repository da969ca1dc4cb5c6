import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceForWidth, useDevice } from './use-device';

describe('deviceForWidth', () => {
  it.each([
    [0, 'mobile'],
    [575, 'mobile'],
    [576, 'tablet'],
    [1199, 'tablet'],
    [1200, 'desktop'],
    [2560, 'desktop'],
  ])('%ipx is %s', (width, device) => {
    expect(deviceForWidth(width)).toBe(device);
  });
});

describe('useDevice', () => {
  const initialWidth = window.innerWidth;
  const resizeTo = (width: number) =>
    act(() => {
      window.innerWidth = width;
      window.dispatchEvent(new Event('resize'));
    });

  afterEach(() => {
    window.innerWidth = initialWidth;
  });

  it('follows the window width across the breakpoints', () => {
    window.innerWidth = 1280;
    const { result } = renderHook(() => useDevice());
    expect(result.current).toBe('desktop');
    resizeTo(800);
    expect(result.current).toBe('tablet');
    resizeTo(400);
    expect(result.current).toBe('mobile');
  });
});
