import type { TranslationsOf } from '../types';
import type { common as reference } from '../zh-CN/common';

export const common: TranslationsOf<typeof reference> = {
  'app.name': 'Server Firmware & Software Portal',
  // The logo's short name: the spec cuts a longer logo title at 10 (top menu 8) widths.
  'app.shortName': 'FWPortal',
  'app.logoName': '{{short}}, {{full}}',
  'app.copyright': 'Copyright © {{year}} Server Firmware & Software Portal',
  'app.loading': 'Loading…',
  // A chosen value the server's list no longer has (a deleted model, a retired role).
  'select.unavailable': 'No longer available',
  'table.total': '{{from}}-{{to}} of {{total}}',
  // The name of a table's box that scrolls (on a phone, sideways), once it takes the keyboard focus.
  'table.scrollRegion': 'Scrollable table',
  'language.label': 'Language',
  'language.zh-CN': '中文',
  'language.en-US': 'English',
};
