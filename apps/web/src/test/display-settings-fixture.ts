import type { DisplaySettings } from '../shell/settings/display-settings';

/**
 * Every display setting away from its default (spec 4): what the storage test saves and what the
 * e2e settings test expects in storage after switching every control of the drawer.
 */
export const EVERY_SETTING_CHANGED: DisplaySettings = {
  navTheme: 'dark',
  primaryColor: '#722ED1',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: true,
  fixSiderbar: true,
  colorWeak: true,
  multiTab: true,
};
