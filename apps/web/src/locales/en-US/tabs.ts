import type { TranslationsOf } from '../types';
import type { tabs as reference } from '../zh-CN/tabs';

export const tabs: TranslationsOf<typeof reference> = {
  'bar.label': 'Open pages',
  'title.filtered': '{{title}} (filtered: {{filters}})',
  'title.detail': '{{title}}: {{detail}}',
  'menu.closeCurrent': 'Close current',
  'menu.closeRight': 'Close right',
  'menu.closeLeft': 'Close left',
  'menu.closeAll': 'Close all',
  'message.lastTab': 'This is the last tab and cannot be closed',
  'message.noLeft': 'No tabs on the left',
  'message.noRight': 'No tabs on the right',
};
