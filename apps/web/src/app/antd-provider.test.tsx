import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from './antd-provider';

/** What antd's components below the provider are told about motion. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{token.motion ? 'on' : 'off'}</span>;
}

/** A matchMedia whose "reduce motion" answer the test sets, telling listeners of a change. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' && reduce,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

describe('AntdProvider and the system setting "reduce motion"', () => {
  let setting: ReturnType<typeof systemMotionSetting> | undefined;
  afterEach(() => setting?.restore());

  it('keeps antd motion for people who did not ask for less', () => {
    setting = systemMotionSetting(false);
    render(<AntdProvider children={<MotionProbe />} />);
    expect(screen.getByTestId('motion').textContent).toBe('on');
  });

  it('turns antd motion off when the system asks for less, and back on when it no longer does', () => {
    setting = systemMotionSetting(true);
    render(<AntdProvider children={<MotionProbe />} />);
    expect(screen.getByTestId('motion').textContent).toBe('off');
    act(() => setting?.change(false));
    expect(screen.getByTestId('motion').textContent).toBe('on');
  });
});
