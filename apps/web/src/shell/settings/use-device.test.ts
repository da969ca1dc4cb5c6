import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWindowWidth, setWindowWidth } from '@/test/window-width';
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

  afterEach(() => {
    resetWindowWidth(initialWidth);
  });

  it('follows the window width across the breakpoints', () => {
    setWindowWidth(1280);
    const { result } = renderHook(() => useDevice());
    expect(result.current).toBe('desktop');
    setWindowWidth(800);
    expect(result.current).toBe('tablet');
    setWindowWidth(575);
    expect(result.current).toBe('mobile');
    setWindowWidth(576);
    expect(result.current).toBe('tablet');
  });
});
