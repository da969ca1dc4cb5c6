import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCaptchaNonce } from './use-captcha-nonce';

describe('useCaptchaNonce', () => {
  it('gives a new value on every refresh, even twice within a millisecond', () => {
    const { result } = renderHook(() => useCaptchaNonce());
    const seen = new Set([result.current[0]]);
    act(() => {
      result.current[1]();
      result.current[1]();
    });
    seen.add(result.current[0]);
    act(() => result.current[1]());
    seen.add(result.current[0]);
    expect(seen.size).toBe(3);
  });
});
