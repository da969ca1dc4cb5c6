import type { TranslationsOf } from '../types';
import type { shell as reference } from '../zh-CN/shell';

export const shell: TranslationsOf<typeof reference> = {
  'placeholder.shell': 'shell',
};
