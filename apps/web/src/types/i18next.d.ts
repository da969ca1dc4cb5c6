import type { Resources } from '@/locales';

/* Makes `t()` reject keys that do not exist in the zh-CN reference files. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    keySeparator: false;
    resources: Resources;
  }
}
