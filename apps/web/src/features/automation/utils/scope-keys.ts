import type { ApiTokenScope } from '@portal/contract';

/**
 * The translation key of each scope: a scope may hold a colon ('catalog:read'), which i18next
 * reads as a namespace separator, so the keys name scopes without it.
 */
export const SCOPE_KEYS = {
  'catalog:read': 'catalogRead',
  download: 'download',
  tasks: 'tasks',
  licences: 'licences',
  inventory: 'inventory',
} as const satisfies Record<ApiTokenScope, string>;
