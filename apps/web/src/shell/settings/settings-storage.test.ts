import { describe, expect, it } from 'vitest';
import { writeStored } from '@/lib/storage';
import { EVERY_SETTING_CHANGED } from '@/test/display-settings-fixture';
import { DEFAULT_DISPLAY_SETTINGS } from './display-settings';
import { loadDisplaySettings, parseDisplaySettings, saveDisplaySettings } from './settings-storage';

const STORAGE_KEY = 'portal.displaySettings';

const custom = EVERY_SETTING_CHANGED;

describe('display settings storage', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(loadDisplaySettings()).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('reads back what was saved (reload) under a namespaced key', () => {
    saveDisplaySettings(custom);
    expect(window.localStorage.getItem(STORAGE_KEY)).not.toBeNull();
    expect(loadDisplaySettings()).toEqual(custom);
  });

  it('falls back to the defaults when the stored entry is not JSON', () => {
    window.localStorage.setItem(STORAGE_KEY, '{not json');
    expect(loadDisplaySettings()).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('falls back to the defaults when the stored value is not an object', () => {
    writeStored('displaySettings', 'dark');
    expect(loadDisplaySettings()).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('replaces only the invalid fields by their defaults', () => {
    writeStored('displaySettings', { ...custom, navTheme: 'purple', primaryColor: 'red', multiTab: 'yes' });
    expect(loadDisplaySettings()).toEqual({
      ...custom,
      navTheme: DEFAULT_DISPLAY_SETTINGS.navTheme,
      primaryColor: DEFAULT_DISPLAY_SETTINGS.primaryColor,
      multiTab: DEFAULT_DISPLAY_SETTINGS.multiTab,
    });
  });

  it('fills fields missing from older stored data with defaults', () => {
    writeStored('displaySettings', { navTheme: 'dark' });
    expect(loadDisplaySettings()).toEqual({ ...DEFAULT_DISPLAY_SETTINGS, navTheme: 'dark' });
  });

  it('repairs stored combinations that break the rules', () => {
    const broken = {
      ...custom,
      layout: 'sidemenu',
      contentWidth: 'Fluid',
      fixedHeader: false,
      autoHideHeader: true,
    };
    expect(parseDisplaySettings(broken)).toMatchObject({ contentWidth: 'Fixed', autoHideHeader: false });
    expect(parseDisplaySettings({ ...custom, layout: 'topmenu', fixSiderbar: true }).fixSiderbar).toBe(false);
  });
});
