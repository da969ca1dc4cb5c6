import type { TranslationsOf } from '../types';
import type { menu as reference } from '../zh-CN/menu';

export const menu: TranslationsOf<typeof reference> = {
  'placeholder.menu': 'menu',
};
