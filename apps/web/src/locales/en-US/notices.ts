import type { TranslationsOf } from '../types';
import type { notices as reference } from '../zh-CN/notices';

export const notices: TranslationsOf<typeof reference> = {
  'placeholder.notices': 'notices',
};
