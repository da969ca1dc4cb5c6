import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { changeLocale, i18n } from '@/lib/i18n';
import { installFakeNotifier } from './fake-notifier';

interface EachTestOptions {
  /** Fake timers during each test (moved on with `advance`). */
  fakeTimers?: boolean;
  /**
   * Console namespaces to fetch before each test: they arrive as one chunk, and a busy machine
   * should spend that time in the hook rather than in the test's waits.
   */
  namespaces?: string[];
}

/**
 * Registers the hooks most tests here start with. Before each test antd's notices go to fresh
 * spies and the texts are English; after it the timers are real again and stubbed globals
 * (fetch) are restored. Returns the spies, renewed for every test.
 */
export function setUpEachTest({ fakeTimers = false, namespaces = [] }: EachTestOptions = {}) {
  const notifier = installFakeNotifier();
  beforeEach(async () => {
    Object.assign(notifier, installFakeNotifier());
    await act(() => changeLocale('en-US'));
    if (namespaces.length > 0) await act(() => i18n.loadNamespaces(namespaces));
    if (fakeTimers) vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return notifier;
}

/** Moves fake time on inside act, so React renders what the timers changed. */
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
