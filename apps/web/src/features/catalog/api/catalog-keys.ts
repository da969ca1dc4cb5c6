/** Root of every catalogue query key, so one invalidation refreshes them all. */
export const CATALOG_KEY = ['catalog'] as const;
