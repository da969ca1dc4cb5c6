import type { TranslationsOf } from '../types';
import type { pages as reference } from '../zh-CN/pages';

export const pages: TranslationsOf<typeof reference> = {
  'placeholder.pages': 'pages',
};
