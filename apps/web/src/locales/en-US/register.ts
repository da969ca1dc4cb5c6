import type { TranslationsOf } from '../types';
import type { register as reference } from '../zh-CN/register';

export const register: TranslationsOf<typeof reference> = {
  'placeholder.keep': 'Keep',
};
