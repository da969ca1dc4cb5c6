import { DEFAULT_DISPLAY_PREFERENCES } from '@portal/contract';

export type NavTheme = 'light' | 'dark';
export type NavigationLayout = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

/** What the settings drawer controls (spec 3, "Display settings"). */
export interface DisplaySettings {
  navTheme: NavTheme;
  primaryColor: string;
  layout: NavigationLayout;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multiTab: boolean;
}

/** Spec 4 "Defaults", from the contract so the browser tests reset an account to the same values. */
export const DEFAULT_DISPLAY_SETTINGS: Readonly<DisplaySettings> = DEFAULT_DISPLAY_PREFERENCES;

/**
 * Merges `patch` into `previous` and then enforces the dependencies of spec 5, so no caller
 * (drawer, stored data, copied code) can produce a combination the layout cannot show:
 * - Fluid width exists only in the top menu layout; the side menu layout is always Fixed.
 * - Hide-on-scroll needs a fixed header; turning the fixed header off turns it off too.
 * - A fixed side menu makes no sense without a side menu; the top menu layout turns it off.
 */
export function applySettingsRules(
  previous: DisplaySettings,
  patch: Partial<DisplaySettings>,
): DisplaySettings {
  const next = { ...previous, ...patch };
  if (next.layout === 'sidemenu') next.contentWidth = 'Fixed';
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  if (!next.fixedHeader) next.autoHideHeader = false;
  return next;
}

/** Which controls the drawer must disable for the current settings (the same rules, seen from the UI). */
export function disabledControls(settings: DisplaySettings) {
  return {
    fluidWidth: settings.layout === 'sidemenu',
    autoHideHeader: !settings.fixedHeader,
    fixSiderbar: settings.layout === 'topmenu',
  };
}
