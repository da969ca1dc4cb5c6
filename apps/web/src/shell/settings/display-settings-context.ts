import { createContext, useContext } from 'react';
import type { DisplaySettings } from './display-settings';
import type { PreferencesSyncStatus } from './use-preferences-sync';

export interface DisplaySettingsValue {
  settings: DisplaySettings;
  /** Merges `patch` and applies the spec 5 rules; the result is stored and applied at once. */
  update(patch: Partial<DisplaySettings>): void;
  /** Whether the settings are kept on the server for the signed-in user (see usePreferencesSync). */
  sync: { status: PreferencesSyncStatus; error?: string };
  /** Saves the current settings to the server now; resolves whether that worked. */
  saveNow(): Promise<boolean>;
  /** Back to the defaults of spec 4, here and on the server. */
  reset(): Promise<boolean>;
  /** Whether the settings drawer is open; pages may open it (account settings, custom). */
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
}

export const DisplaySettingsContext = createContext<DisplaySettingsValue | null>(null);

/** The current display settings; must be used under `DisplaySettingsProvider`. */
export function useDisplaySettings(): DisplaySettingsValue {
  const value = useContext(DisplaySettingsContext);
  if (!value) throw new Error('useDisplaySettings must be used inside <DisplaySettingsProvider>');
  return value;
}
