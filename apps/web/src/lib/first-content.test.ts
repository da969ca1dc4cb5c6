import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

const fresh = () => import('./first-content');

describe('first content hold', () => {
  it('lets the extras load at once when no page holds them', async () => {
    const { extrasMayLoad } = await fresh();
    await expect(extrasMayLoad()).resolves.toBeUndefined();
  });

  it('holds them until the page says its first content is shown', async () => {
    const { holdExtrasUntilFirstContent, firstContentShown, extrasMayLoad } = await fresh();
    holdExtrasUntilFirstContent(10_000);
    let released = false;
    void extrasMayLoad().then(() => (released = true));
    await Promise.resolve();
    expect(released).toBe(false);
    firstContentShown();
    await extrasMayLoad();
    expect(released).toBe(true);
  });

  it('never holds them longer than the limit (a page that never says so)', async () => {
    vi.useFakeTimers();
    const { holdExtrasUntilFirstContent, extrasMayLoad } = await fresh();
    holdExtrasUntilFirstContent(3000);
    let released = false;
    void extrasMayLoad().then(() => (released = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toBe(true);
  });
});
