import { describe, expect, it } from 'vitest';
import {
  applySettingsRules,
  DEFAULT_DISPLAY_SETTINGS,
  type DisplaySettings,
  disabledControls,
} from './display-settings';

const settings = (patch: Partial<DisplaySettings> = {}): DisplaySettings => ({
  ...DEFAULT_DISPLAY_SETTINGS,
  ...patch,
});

describe('DEFAULT_DISPLAY_SETTINGS', () => {
  it('matches spec 4: #0070e0, light, top menu, Fluid, fixed header, everything else off', () => {
    expect(DEFAULT_DISPLAY_SETTINGS).toEqual({
      navTheme: 'light',
      primaryColor: '#0070e0',
      layout: 'topmenu',
      contentWidth: 'Fluid',
      fixedHeader: true,
      autoHideHeader: false,
      fixSiderbar: false,
      colorWeak: false,
      multiTab: false,
    });
  });
});

describe('applySettingsRules', () => {
  it('merges an independent change without touching the rest', () => {
    expect(applySettingsRules(settings(), { navTheme: 'dark', multiTab: true })).toEqual(
      settings({ navTheme: 'dark', multiTab: true }),
    );
  });

  it('does not mutate the previous settings', () => {
    const previous = settings();
    applySettingsRules(previous, { layout: 'sidemenu' });
    expect(previous).toEqual(settings());
  });

  describe('Fluid width only in the top menu layout', () => {
    it('switching to the side menu makes the width Fixed', () => {
      expect(
        applySettingsRules(settings({ contentWidth: 'Fluid' }), { layout: 'sidemenu' }).contentWidth,
      ).toBe('Fixed');
    });

    it('refuses Fluid while in the side menu layout', () => {
      expect(
        applySettingsRules(settings({ layout: 'sidemenu' }), { contentWidth: 'Fluid' }).contentWidth,
      ).toBe('Fixed');
    });

    it('allows Fluid again in the top menu layout', () => {
      const side = applySettingsRules(settings(), { layout: 'sidemenu' });
      const top = applySettingsRules(side, { layout: 'topmenu' });
      expect(applySettingsRules(top, { contentWidth: 'Fluid' }).contentWidth).toBe('Fluid');
    });
  });

  describe('hide header on scroll only with a fixed header', () => {
    it('turning the fixed header off turns auto-hide off', () => {
      const next = applySettingsRules(settings({ autoHideHeader: true }), { fixedHeader: false });
      expect(next).toMatchObject({ fixedHeader: false, autoHideHeader: false });
    });

    it('refuses auto-hide without a fixed header', () => {
      expect(
        applySettingsRules(settings({ fixedHeader: false }), { autoHideHeader: true }).autoHideHeader,
      ).toBe(false);
    });

    it('allows auto-hide with a fixed header', () => {
      expect(applySettingsRules(settings(), { autoHideHeader: true }).autoHideHeader).toBe(true);
    });
  });

  describe('fixed side menu not in the top menu layout', () => {
    it('switching to the top menu turns the fixed side menu off', () => {
      const side = settings({ layout: 'sidemenu', contentWidth: 'Fixed', fixSiderbar: true });
      expect(applySettingsRules(side, { layout: 'topmenu' }).fixSiderbar).toBe(false);
    });

    it('refuses a fixed side menu in the top menu layout', () => {
      expect(applySettingsRules(settings(), { fixSiderbar: true }).fixSiderbar).toBe(false);
    });

    it('allows a fixed side menu in the side menu layout', () => {
      const side = applySettingsRules(settings(), { layout: 'sidemenu' });
      expect(applySettingsRules(side, { fixSiderbar: true }).fixSiderbar).toBe(true);
    });
  });
});

describe('disabledControls', () => {
  it('disables fixed side menu in the top menu layout, nothing else by default', () => {
    expect(disabledControls(settings())).toEqual({
      fluidWidth: false,
      autoHideHeader: false,
      fixSiderbar: true,
    });
  });

  it('disables Fluid in the side menu layout and auto-hide without a fixed header', () => {
    const side = settings({ layout: 'sidemenu', contentWidth: 'Fixed', fixedHeader: false });
    expect(disabledControls(side)).toEqual({ fluidWidth: true, autoHideHeader: true, fixSiderbar: false });
  });
});
