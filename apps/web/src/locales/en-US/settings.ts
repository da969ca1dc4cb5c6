import type { TranslationsOf } from '../types';
import type { settings as reference } from '../zh-CN/settings';

export const settings: TranslationsOf<typeof reference> = {
  'placeholder.settings': 'settings',
};
