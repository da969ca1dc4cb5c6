import type { TranslationsOf } from '../types';
import type { menu as reference } from '../zh-CN/menu';

export const menu: TranslationsOf<typeof reference> = {
  'nav.label': 'Navigation menu',
  'nav.external': 'Opens in a new window',
  'nav.more': 'More menu entries',
  'breadcrumb.label': 'You are here',
  'frame.title': '{{title}} (embedded page)',
};
