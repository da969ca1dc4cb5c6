import type { CatalogVersionQuery } from '@portal/contract';

/** The public list of the overseas pages (no sign-in); signed-in lists read /catalog/versions. */
export const PUBLIC_VERSIONS_PATH = '/public/catalog/versions';

/** Filters as the tables hold them; lists travel comma separated. */
export type VersionListQuery = Omit<CatalogVersionQuery, 'kind' | 'severity' | 'status'> & {
  kind?: readonly string[];
  severity?: readonly string[];
};

/**
 * The query of a version list request. Its own light module: app/early-loads.ts builds the
 * overseas list's first request with it before the contract's schemas have loaded.
 */
export function toSearchParams(query: VersionListQuery): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params[name] = value.join(',');
    } else params[name] = String(value);
  }
  return params;
}
