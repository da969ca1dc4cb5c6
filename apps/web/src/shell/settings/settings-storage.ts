import { z } from 'zod';
import { readStored, writeStored } from '@/lib/storage';
import { applySettingsRules, DEFAULT_DISPLAY_SETTINGS, type DisplaySettings } from './display-settings';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const defaults = DEFAULT_DISPLAY_SETTINGS;

/*
 * Each field falls back to its own default (`catch`), so one bad or outdated value does not
 * throw away the user's other choices. The object as a whole falls back when it is not an object.
 */
const storedSettingsSchema = z
  .object({
    navTheme: z.enum(['light', 'dark']).catch(defaults.navTheme),
    primaryColor: z.string().regex(HEX_COLOR).catch(defaults.primaryColor),
    layout: z.enum(['sidemenu', 'topmenu']).catch(defaults.layout),
    contentWidth: z.enum(['Fixed', 'Fluid']).catch(defaults.contentWidth),
    fixedHeader: z.boolean().catch(defaults.fixedHeader),
    autoHideHeader: z.boolean().catch(defaults.autoHideHeader),
    fixSiderbar: z.boolean().catch(defaults.fixSiderbar),
    colorWeak: z.boolean().catch(defaults.colorWeak),
    multiTab: z.boolean().catch(defaults.multiTab),
  })
  .catch({ ...defaults });

/** Turns anything (stored JSON, pasted code) into valid settings that also obey the spec 5 rules. */
export function parseDisplaySettings(raw: unknown): DisplaySettings {
  const parsed = storedSettingsSchema.parse(raw ?? {});
  return applySettingsRules(parsed, {});
}

export function loadDisplaySettings(): DisplaySettings {
  return parseDisplaySettings(readStored('displaySettings'));
}

export function saveDisplaySettings(settings: DisplaySettings): void {
  writeStored('displaySettings', settings);
}
