import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { decideHeaderHidden, useAutoHideHeader } from './use-auto-hide-header';

describe('decideHeaderHidden', () => {
  const step = (previousY: number, currentY: number, wasHidden = false) =>
    decideHeaderHidden({ previousY, currentY, wasHidden });

  it('stays visible while scrolling down above the 300px threshold', () => {
    expect(step(100, 250)).toBe(false);
    expect(step(250, 300)).toBe(false);
  });

  it('hides when scrolling down past 300px', () => {
    expect(step(300, 301)).toBe(true);
    expect(step(500, 800)).toBe(true);
  });

  it('shows again when scrolling up, even below the threshold', () => {
    expect(step(900, 850, true)).toBe(false);
  });

  it('shows again when back above 300px', () => {
    expect(step(400, 300, true)).toBe(false);
    expect(step(0, 0, true)).toBe(false);
  });

  it('keeps the state when the position did not change', () => {
    expect(step(600, 600, true)).toBe(true);
    expect(step(600, 600, false)).toBe(false);
  });
});

describe('useAutoHideHeader', () => {
  const scrollTo = (y: number) =>
    act(() => {
      window.scrollY = y;
      window.dispatchEvent(new Event('scroll'));
    });

  afterEach(() => {
    window.scrollY = 0;
  });

  it('hides on scrolling down past 300px and shows on scrolling up', () => {
    const { result } = renderHook(() => useAutoHideHeader(true));
    scrollTo(200);
    expect(result.current).toBe(false);
    scrollTo(400);
    expect(result.current).toBe(true);
    scrollTo(350);
    expect(result.current).toBe(false);
  });

  it('never hides while disabled, and shows the header when turned off', () => {
    const { result, rerender } = renderHook(({ enabled }) => useAutoHideHeader(enabled), {
      initialProps: { enabled: false },
    });
    scrollTo(800);
    expect(result.current).toBe(false);

    rerender({ enabled: true });
    scrollTo(900);
    expect(result.current).toBe(true);
    rerender({ enabled: false });
    expect(result.current).toBe(false);
  });
});
