import type { TranslationsOf } from '../types';
import type { common as reference } from '../zh-CN/common';

export const common: TranslationsOf<typeof reference> = {
  'app.name': 'Server Firmware & Software Portal',
  'app.copyright': 'Copyright © {{year}} Server Firmware & Software Portal',
  'app.loading': 'Loading…',
  'table.total': '{{from}}-{{to}} of {{total}}',
  'language.label': 'Language',
  'language.zh-CN': '中文',
  'language.en-US': 'English',
};
