import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '@/lib/session';
import { readStored } from '@/lib/storage';
import { DEFAULT_DISPLAY_SETTINGS, DisplaySettingsProvider, SettingsButton } from '@/shell/settings';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { CustomSettings } from './custom-settings';

const STORED = {
  ...DEFAULT_DISPLAY_SETTINGS,
  navTheme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  multiTab: true,
};

function renderPage() {
  const puts: unknown[] = [];
  stubFetch({
    '/api/sysUser/preferences': (_url, init) => {
      if (init.method !== 'PUT') return okResponse(STORED);
      const body: unknown = JSON.parse(String(init.body));
      puts.push(body);
      return okResponse(body);
    },
  });
  renderWithProviders(
    <DisplaySettingsProvider>
      <SettingsButton />
      <CustomSettings />
    </DisplaySettingsProvider>,
    { path: '/' },
  );
  return { puts };
}

const value = (key: string) => screen.getByTestId(`custom-value-${key}`).textContent;
const status = () => screen.getByTestId('custom-sync-status').dataset.status;

setUpEachTest();
beforeEach(() => {
  setAccessToken('token');
});

describe('CustomSettings', () => {
  it('summarises the preferences stored for the user', async () => {
    renderPage();
    await waitFor(() => expect(status()).toBe('saved'));
    expect(screen.getByTestId('custom-sync-status').textContent).toBe('Saved to your account');
    expect(value('navTheme')).toBe('Dark menu');
    expect(value('layout')).toBe('Side menu layout');
    expect(value('contentWidth')).toBe('Fixed');
    expect(value('multiTab')).toBe('On');
    expect(value('colorWeak')).toBe('Off');
    expect(value('primaryColor')).toBe('#0070e0');
  });

  it('saves the current settings on demand', async () => {
    const { puts } = renderPage();
    await waitFor(() => expect(status()).toBe('saved'));
    fireEvent.click(screen.getByTestId('custom-save'));
    expect(await screen.findByText('Display settings saved to your account')).toBeTruthy();
    expect(puts).toEqual([STORED]);
  });

  it('resets to the defaults after confirmation, here and on the server', async () => {
    const { puts } = renderPage();
    await waitFor(() => expect(value('layout')).toBe('Side menu layout'));
    fireEvent.click(screen.getByTestId('custom-reset'));
    fireEvent.click(await screen.findByTestId('custom-reset-ok'));

    await waitFor(() => expect(value('layout')).toBe('Top menu layout'));
    expect(puts).toEqual([DEFAULT_DISPLAY_SETTINGS]);
    expect(readStored('displaySettings')).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('opens the display settings drawer', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('custom-open-drawer'));
    expect(await screen.findByText('Display settings')).toBeTruthy();
  });
});
