import { createContext, useContext } from 'react';
import type { DisplaySettings } from './display-settings';

export interface DisplaySettingsValue {
  settings: DisplaySettings;
  /** Merges `patch` and applies the spec 5 rules; the result is stored and applied at once. */
  update(patch: Partial<DisplaySettings>): void;
}

export const DisplaySettingsContext = createContext<DisplaySettingsValue | null>(null);

/** The current display settings; must be used under `DisplaySettingsProvider`. */
export function useDisplaySettings(): DisplaySettingsValue {
  const value = useContext(DisplaySettingsContext);
  if (!value) throw new Error('useDisplaySettings must be used inside <DisplaySettingsProvider>');
  return value;
}
