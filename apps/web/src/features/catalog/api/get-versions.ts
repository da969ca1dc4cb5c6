import { catalogVersionPageSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { CATALOG_KEY } from './catalog-keys';
import { PUBLIC_VERSIONS_PATH, toSearchParams, type VersionListQuery } from './version-search-params';

export type { VersionListQuery };

/**
 * GET /catalog/versions (signed in) or /public/catalog/versions (the overseas pages, public
 * items only, no token): one page of versions with filters, search and sort.
 */
export function getVersions(query: VersionListQuery, anonymous: boolean, signal?: AbortSignal) {
  const path = anonymous ? PUBLIC_VERSIONS_PATH : '/catalog/versions';
  return apiClient.get(path, catalogVersionPageSchema, {
    query: toSearchParams(query),
    signal,
    anonymous,
    quiet: true,
  });
}

export function useVersions(query: VersionListQuery, anonymous = false) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...CATALOG_KEY, 'versions', anonymous, query, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getVersions(query, anonymous, signal),
    // Paging and sorting keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}
