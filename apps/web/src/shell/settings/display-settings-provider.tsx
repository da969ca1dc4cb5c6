import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { applySettingsRules, DEFAULT_DISPLAY_SETTINGS, type DisplaySettings } from './display-settings';
import { DisplaySettingsContext, type DisplaySettingsValue } from './display-settings-context';
import { type PreferencesRemote, serverPreferences } from './preferences-remote';
import { loadDisplaySettings, parseDisplaySettings, saveDisplaySettings } from './settings-storage';
import { usePreferencesSync } from './use-preferences-sync';
import './color-weak.css';

/** `previous` itself when nothing changed: the console does not re-render for equal settings. */
const sameOrNext = (previous: DisplaySettings, next: DisplaySettings) =>
  (Object.keys(next) as (keyof DisplaySettings)[]).every((key) => Object.is(previous[key], next[key]))
    ? previous
    : next;

/** Class on <html>, so the filter also covers portals (drawers, messages) outside the React root. */
export const COLOR_WEAK_CLASS = 'color-weak';

interface DisplaySettingsProviderProps {
  children: ReactNode;
  /** Where a signed-in user's settings are kept; the server unless a test says otherwise. */
  remote?: PreferencesRemote;
}

/**
 * Holds the display settings (read from storage once, written back on every change) and applies
 * colour-weak mode on <html>. The primary colour is applied by whoever paints: the frame through
 * CSS variables (shell/primary-palette.ts), antd's parts through app/antd-provider.tsx.
 * Menu theme, layout, widths and header behaviour are read by the layout via `useDisplaySettings`.
 * When signed in, the user's preferences on the server win on load and every change goes there
 * too, so the settings follow the user to other browsers; signed out, the browser's copy is all.
 */
export function DisplaySettingsProvider({
  children,
  remote = serverPreferences,
}: DisplaySettingsProviderProps) {
  const [settings, setSettings] = useState(loadDisplaySettings);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // What a save sends: updated during the commit, so a click right after a change sees it.
  const shown = useRef(settings);
  useLayoutEffect(() => {
    shown.current = settings;
  }, [settings]);

  const applyStored = useCallback(
    (stored: Partial<DisplaySettings>) =>
      setSettings((previous) => sameOrNext(previous, parseDisplaySettings({ ...previous, ...stored }))),
    [],
  );
  const sync = usePreferencesSync({ remote, current: () => shown.current, apply: applyStored });
  const { schedule, save } = sync;

  const update = useCallback(
    (patch: Partial<DisplaySettings>) => {
      setSettings((previous) => applySettingsRules(previous, patch));
      schedule();
    },
    [schedule],
  );
  const reset = useCallback(() => {
    const defaults = { ...DEFAULT_DISPLAY_SETTINGS };
    setSettings(defaults);
    return save(defaults);
  }, [save]);
  const saveNow = useCallback(() => save(), [save]);

  useEffect(() => saveDisplaySettings(settings), [settings]);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(COLOR_WEAK_CLASS, settings.colorWeak);
    return () => root.classList.remove(COLOR_WEAK_CLASS);
  }, [settings.colorWeak]);

  const value = useMemo<DisplaySettingsValue>(
    () => ({
      settings,
      update,
      sync: { status: sync.status, error: sync.error },
      saveNow,
      reset,
      drawerOpen,
      setDrawerOpen,
    }),
    [settings, update, sync.status, sync.error, saveNow, reset, drawerOpen],
  );

  return <DisplaySettingsContext value={value}>{children}</DisplaySettingsContext>;
}
