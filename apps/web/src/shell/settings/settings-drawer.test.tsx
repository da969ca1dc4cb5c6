import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { readStored } from '@/lib/storage';
import { DEFAULT_DISPLAY_SETTINGS } from './display-settings';
import { DisplaySettingsProvider } from './display-settings-provider';
import { SettingsButton } from './settings-button';
import { SettingsDrawer } from './settings-drawer';

function renderDrawer() {
  return render(
    <AntdApp>
      <DisplaySettingsProvider>
        <SettingsDrawer open onClose={vi.fn()} />
      </DisplaySettingsProvider>
    </AntdApp>,
  );
}

const control = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
const fluidOption = () =>
  within(screen.getByTestId('setting-content-width')).getByRole<HTMLInputElement>('radio', { name: 'Fluid' });

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SettingsDrawer', () => {
  it('starts from the defaults: top menu, Fluid allowed, fixed side menu disabled', () => {
    renderDrawer();
    expect(control('setting-layout-topmenu').getAttribute('aria-pressed')).toBe('true');
    expect(fluidOption().checked).toBe(true);
    expect(fluidOption().disabled).toBe(false);
    expect(control('setting-fix-siderbar').disabled).toBe(true);
    expect(control('setting-fixed-header').getAttribute('aria-checked')).toBe('true');
  });

  it('switching top -> side menu disables Fluid (width becomes Fixed) and enables the fixed side menu', () => {
    renderDrawer();
    fireEvent.click(control('setting-layout-sidemenu'));

    expect(control('setting-layout-sidemenu').getAttribute('aria-pressed')).toBe('true');
    expect(fluidOption().disabled).toBe(true);
    expect(fluidOption().checked).toBe(false);
    expect(control('setting-fix-siderbar').disabled).toBe(false);

    fireEvent.click(control('setting-fix-siderbar'));
    expect(readStored('displaySettings')).toMatchObject({
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixSiderbar: true,
    });

    // Back to the top menu: the fixed side menu is switched off again.
    fireEvent.click(control('setting-layout-topmenu'));
    expect(control('setting-fix-siderbar').getAttribute('aria-checked')).toBe('false');
    expect(control('setting-fix-siderbar').disabled).toBe(true);
  });

  it('turning the fixed header off turns auto-hide off and disables it', () => {
    renderDrawer();
    fireEvent.click(control('setting-auto-hide-header'));
    expect(control('setting-auto-hide-header').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(control('setting-fixed-header'));
    expect(control('setting-auto-hide-header').getAttribute('aria-checked')).toBe('false');
    expect(control('setting-auto-hide-header').disabled).toBe(true);
  });

  it('explains a disabled control in a tooltip', async () => {
    // The tooltip popup measures itself; jsdom has no ResizeObserver.
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    renderDrawer();
    const wrapper = control('setting-fix-siderbar').parentElement;
    if (!wrapper) throw new Error('switch has no wrapper');
    fireEvent.mouseEnter(wrapper);
    expect(await screen.findByText('Not available with the top menu layout')).toBeTruthy();
  });

  it('names the eight colour swatches and marks the chosen one', () => {
    renderDrawer();
    const swatches = within(screen.getByRole('group', { name: 'Primary colour' })).getAllByRole('button');
    expect(swatches).toHaveLength(8);
    expect(control('setting-color-0070e0').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Golden purple' }));
    expect(control('setting-color-722ed1').getAttribute('aria-pressed')).toBe('true');
    expect(control('setting-color-0070e0').getAttribute('aria-pressed')).toBe('false');
  });

  it('copies the settings as JSON and says so', async () => {
    const writeText = stubClipboard(() => Promise.resolve());
    renderDrawer();
    fireEvent.click(control('setting-multi-tab'));
    fireEvent.click(control('setting-copy'));

    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(JSON.parse(writeText.mock.calls[0]?.[0] ?? '')).toEqual({
      ...DEFAULT_DISPLAY_SETTINGS,
      multiTab: true,
    });
  });

  it('says so when the clipboard refuses', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    renderDrawer();
    fireEvent.click(control('setting-copy'));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
  });
});

describe('SettingsButton', () => {
  it('opens the drawer', async () => {
    render(
      <AntdApp>
        <DisplaySettingsProvider>
          <SettingsButton />
        </DisplaySettingsProvider>
      </AntdApp>,
    );
    expect(screen.queryByText('Display settings')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open display settings' }));
    expect(await screen.findByText('Display settings')).toBeTruthy();
  });
});
