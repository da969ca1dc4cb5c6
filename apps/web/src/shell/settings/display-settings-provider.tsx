import { ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { applySettingsRules, type DisplaySettings } from './display-settings';
import { DisplaySettingsContext, type DisplaySettingsValue } from './display-settings-context';
import { loadDisplaySettings, saveDisplaySettings } from './settings-storage';
import './color-weak.css';

/** Class on <html>, so the filter also covers portals (drawers, messages) outside the React root. */
export const COLOR_WEAK_CLASS = 'color-weak';

/**
 * Holds the display settings (read from storage once, written back on every change) and applies
 * the ones that are global: the primary colour through antd's theme and colour-weak mode on <html>.
 * Menu theme, layout, widths and header behaviour are read by the layout via `useDisplaySettings`.
 * The ConfigProvider is nested, so the outer one's locale is kept and only the theme is merged.
 */
export function DisplaySettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(loadDisplaySettings);
  const update = useCallback(
    (patch: Partial<DisplaySettings>) => setSettings((previous) => applySettingsRules(previous, patch)),
    [],
  );

  useEffect(() => saveDisplaySettings(settings), [settings]);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(COLOR_WEAK_CLASS, settings.colorWeak);
    return () => root.classList.remove(COLOR_WEAK_CLASS);
  }, [settings.colorWeak]);

  const theme = useMemo<ThemeConfig>(
    () => ({ token: { colorPrimary: settings.primaryColor } }),
    [settings.primaryColor],
  );
  const value = useMemo<DisplaySettingsValue>(() => ({ settings, update }), [settings, update]);

  return (
    <DisplaySettingsContext value={value}>
      <ConfigProvider theme={theme}>{children}</ConfigProvider>
    </DisplaySettingsContext>
  );
}
