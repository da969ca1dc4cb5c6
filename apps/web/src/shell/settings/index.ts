/* Public API of the display settings (spec 2 "Settings drawer"); the shell imports only from here. */
export {
  DEFAULT_DISPLAY_SETTINGS,
  type ContentWidth,
  type DisplaySettings,
  type NavigationLayout,
  type NavTheme,
} from './display-settings';
export { useDisplaySettings, type DisplaySettingsValue } from './display-settings-context';
export { DisplaySettingsProvider } from './display-settings-provider';
export { SettingsButton } from './settings-button';
export { useAutoHideHeader } from './use-auto-hide-header';
export { type PreferencesSyncStatus } from './use-preferences-sync';
export { type Device, useDevice } from './use-device';
