import { displayPreferencesSchema, storedPreferencesSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import type { DisplaySettings } from './display-settings';

/** Where the signed-in user's display settings are kept so they follow the user (account settings, custom). */
export interface PreferencesRemote {
  /** The stored preferences, possibly partial (older clients), or null when never saved. */
  load(signal?: AbortSignal): Promise<Partial<DisplaySettings> | null>;
  /** `keepalive` lets the save finish while the page unloads. */
  save(settings: DisplaySettings, options?: { keepalive?: boolean }): Promise<unknown>;
}

/** GET / PUT /sysUser/preferences. `quiet`: a failed background save is shown where it matters. */
export const serverPreferences: PreferencesRemote = {
  load: (signal) => apiClient.get('/sysUser/preferences', storedPreferencesSchema, { signal, quiet: true }),
  save: (settings, options = {}) =>
    apiClient.put('/sysUser/preferences', settings, displayPreferencesSchema, {
      quiet: true,
      keepalive: options.keepalive,
    }),
};
