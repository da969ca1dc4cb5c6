import { act, fireEvent, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { AntdProvider } from '@/app/antd-provider';
import { readStored, writeStored } from '@/lib/storage';
import { DEFAULT_DISPLAY_SETTINGS } from './display-settings';
import { useDisplaySettings } from './display-settings-context';
import { COLOR_WEAK_CLASS, DisplaySettingsProvider } from './display-settings-provider';

/** Shows what the app sees: the settings and the primary colour antd resolves for a console page. */
function Probe() {
  const { settings, update } = useDisplaySettings();
  const { token } = theme.useToken();
  return (
    <>
      <output data-testid="layout">{settings.layout}</output>
      <output data-testid="color-primary">{token.colorPrimary}</output>
      <button onClick={() => update({ colorWeak: !settings.colorWeak })}>weak</button>
      <button onClick={() => update({ primaryColor: '#52C41A' })}>green</button>
    </>
  );
}

const renderProbe = () =>
  render(
    <DisplaySettingsProvider>
      <AntdProvider>
        <Probe />
      </AntdProvider>
    </DisplaySettingsProvider>,
  );

describe('DisplaySettingsProvider', () => {
  it('applies the default primary colour and stores the defaults', () => {
    renderProbe();
    expect(screen.getByTestId('color-primary').textContent?.toLowerCase()).toBe('#0070e0');
    expect(readStored('displaySettings')).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('gives a changed primary colour to the antd parts of the console', () => {
    renderProbe();
    fireEvent.click(screen.getByText('green'));
    expect(screen.getByTestId('color-primary').textContent?.toLowerCase()).toBe('#52c41a');
  });

  it('applies stored settings on reload', () => {
    writeStored('displaySettings', {
      ...DEFAULT_DISPLAY_SETTINGS,
      layout: 'sidemenu',
      primaryColor: '#2F54EB',
    });
    renderProbe();
    expect(screen.getByTestId('layout').textContent).toBe('sidemenu');
    expect(screen.getByTestId('color-primary').textContent?.toLowerCase()).toBe('#2f54eb');
  });

  it('falls back to the defaults when the stored settings are invalid', () => {
    writeStored('displaySettings', 42);
    renderProbe();
    expect(screen.getByTestId('layout').textContent).toBe('topmenu');
  });

  it('puts colour-weak mode on <html> and takes it off again', () => {
    const { unmount } = renderProbe();
    const root = document.documentElement;
    expect(root.classList.contains(COLOR_WEAK_CLASS)).toBe(false);

    fireEvent.click(screen.getByText('weak'));
    expect(root.classList.contains(COLOR_WEAK_CLASS)).toBe(true);
    fireEvent.click(screen.getByText('weak'));
    expect(root.classList.contains(COLOR_WEAK_CLASS)).toBe(false);

    fireEvent.click(screen.getByText('weak'));
    act(() => unmount());
    expect(root.classList.contains(COLOR_WEAK_CLASS)).toBe(false);
  });
});
