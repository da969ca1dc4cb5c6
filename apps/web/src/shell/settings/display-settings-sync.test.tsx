import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/session';
import { readStored, writeStored } from '@/lib/storage';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { advance } from '@/test/test-hooks';
import { DEFAULT_DISPLAY_SETTINGS, type DisplaySettings } from './display-settings';
import { useDisplaySettings } from './display-settings-context';
import { DisplaySettingsProvider } from './display-settings-provider';
import type { PreferencesRemote } from './preferences-remote';
import { PREFERENCES_SAVE_DELAY_MS } from './use-preferences-sync';

function Probe() {
  const { settings, update, sync, reset } = useDisplaySettings();
  return (
    <>
      <output data-testid="settings">{JSON.stringify(settings)}</output>
      <output data-testid="status">{sync.status}</output>
      <output data-testid="error">{sync.error}</output>
      <button onClick={() => update({ layout: 'sidemenu' })}>side</button>
      <button onClick={() => update({ navTheme: 'dark' })}>dark</button>
      <button onClick={() => void reset()}>reset</button>
    </>
  );
}

/** A remote whose load answer the test releases when it wants. */
function fakeRemote(stored: Partial<DisplaySettings> | null) {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const remote = {
    load: vi.fn(async () => {
      await answered;
      return stored;
    }),
    save: vi.fn<PreferencesRemote['save']>(async () => undefined),
  };
  return { remote, release: () => act(async () => release()) };
}

const shown = (): DisplaySettings => JSON.parse(screen.getByTestId('settings').textContent ?? '{}');
const status = () => screen.getByTestId('status').textContent;
const click = (name: string) => fireEvent.click(screen.getByText(name));
const renderWith = (remote?: PreferencesRemote) =>
  render(
    <DisplaySettingsProvider remote={remote}>
      <Probe />
    </DisplaySettingsProvider>,
  );

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('display settings kept on the server', () => {
  it('signed out: keeps the browser copy only and never calls the server', async () => {
    const { remote } = fakeRemote({ navTheme: 'dark' });
    renderWith(remote);
    expect(status()).toBe('off');
    click('side');
    await advance(PREFERENCES_SAVE_DELAY_MS * 2);
    expect(remote.load).not.toHaveBeenCalled();
    expect(remote.save).not.toHaveBeenCalled();
    expect(readStored('displaySettings')).toMatchObject({ layout: 'sidemenu' });
  });

  it('applies the stored preferences on load over the browser copy, rules included', async () => {
    setAccessToken('t');
    writeStored('displaySettings', { ...DEFAULT_DISPLAY_SETTINGS, colorWeak: true });
    const { remote, release } = fakeRemote({ layout: 'sidemenu', primaryColor: '#722ED1' });
    renderWith(remote);
    expect(status()).toBe('loading');
    await release();

    // Fluid is refused in the side menu layout; fields the server lacks keep the browser's value.
    expect(shown()).toEqual({
      ...DEFAULT_DISPLAY_SETTINGS,
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      primaryColor: '#722ED1',
      colorWeak: true,
    });
    expect(status()).toBe('saved');
    expect(readStored('displaySettings')).toMatchObject({ layout: 'sidemenu', primaryColor: '#722ED1' });
    expect(remote.save).not.toHaveBeenCalled();
  });

  it('keeps the browser copy when the server has none yet', async () => {
    setAccessToken('t');
    writeStored('displaySettings', { ...DEFAULT_DISPLAY_SETTINGS, navTheme: 'dark' });
    const { remote, release } = fakeRemote(null);
    renderWith(remote);
    await release();
    expect(shown().navTheme).toBe('dark');
    expect(status()).toBe('local');
  });

  it('saves a burst of changes once, after the delay, with the final settings', async () => {
    setAccessToken('t');
    const { remote, release } = fakeRemote(null);
    renderWith(remote);
    await release();

    click('side');
    await advance(PREFERENCES_SAVE_DELAY_MS / 2);
    click('dark');
    expect(status()).toBe('pending');
    await advance(PREFERENCES_SAVE_DELAY_MS - 1);
    expect(remote.save).not.toHaveBeenCalled();
    await advance(1);

    expect(remote.save).toHaveBeenCalledTimes(1);
    expect(remote.save.mock.calls[0]?.[0]).toEqual({
      ...DEFAULT_DISPLAY_SETTINGS,
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      navTheme: 'dark',
    });
    expect(status()).toBe('saved');
  });

  it('lets a change made before the server answered win over the stored preferences', async () => {
    setAccessToken('t');
    const { remote, release } = fakeRemote({ navTheme: 'light', layout: 'topmenu' });
    renderWith(remote);
    click('side');
    await release();
    expect(shown().layout).toBe('sidemenu');
    await advance(PREFERENCES_SAVE_DELAY_MS);
    expect(remote.save.mock.calls[0]?.[0]).toMatchObject({ layout: 'sidemenu' });
  });

  it('sends a waiting change at once, with keepalive, when the page goes away', async () => {
    setAccessToken('t');
    const { remote, release } = fakeRemote(null);
    renderWith(remote);
    await release();
    click('dark');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(remote.save).toHaveBeenCalledTimes(1);
    expect(remote.save.mock.calls[0]?.[1]).toEqual({ keepalive: true });
    await advance(PREFERENCES_SAVE_DELAY_MS);
    expect(remote.save).toHaveBeenCalledTimes(1);
  });

  it('resets to the defaults here and on the server at once', async () => {
    setAccessToken('t');
    const { remote, release } = fakeRemote({ navTheme: 'dark', multiTab: true });
    renderWith(remote);
    await release();
    click('reset');
    await advance(0);
    expect(shown()).toEqual(DEFAULT_DISPLAY_SETTINGS);
    expect(remote.save).toHaveBeenCalledWith(DEFAULT_DISPLAY_SETTINGS, { keepalive: false });
  });

  it('talks to GET and PUT /api/sysUser/preferences and reports a failed save', async () => {
    setAccessToken('t');
    const puts: unknown[] = [];
    const fetchStub = stubFetch({
      '/api/sysUser/preferences': (_url, init) => {
        if (init.method !== 'PUT') return okResponse({ multiTab: true });
        puts.push(JSON.parse(String(init.body)));
        return envelopeResponse({ code: 1016002, message: 'Server error, request id 7' }, 500);
      },
    });
    renderWith();
    await advance(0);
    expect(shown().multiTab).toBe(true);

    click('dark');
    await advance(PREFERENCES_SAVE_DELAY_MS);
    expect(fetchedPaths(fetchStub)).toEqual(['/api/sysUser/preferences', '/api/sysUser/preferences']);
    expect(puts).toEqual([{ ...DEFAULT_DISPLAY_SETTINGS, multiTab: true, navTheme: 'dark' }]);
    expect(status()).toBe('failed');
    expect(screen.getByTestId('error').textContent).toBe('Server error, request id 7');
  });
});
