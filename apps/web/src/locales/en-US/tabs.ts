import type { TranslationsOf } from '../types';
import type { tabs as reference } from '../zh-CN/tabs';

export const tabs: TranslationsOf<typeof reference> = {
  'placeholder.tabs': 'tabs',
};
