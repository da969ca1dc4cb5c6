import { dictNodeSchema, INDUSTRY_DICT_CODE, type Locale } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { toLocale } from '@/lib/locale-detection';

/**
 * The industries of spec 1, in dictionary order and in the UI language: the `industry` type
 * of GET /sysDictType/tree. Kept apart from the auth feature's copy of the tree (which also
 * goes to local storage) because features do not import each other.
 */
export async function getIndustries(signal?: AbortSignal) {
  const tree = await apiClient.get('/sysDictType/tree', z.array(dictNodeSchema), { signal, quiet: true });
  return tree.find((type) => type.code === INDUSTRY_DICT_CODE)?.children ?? [];
}

/** `locale` is part of the key because the server translates the names. */
export function getIndustriesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['account', 'industries', locale],
    queryFn: ({ signal }) => getIndustries(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useIndustries() {
  const { i18n } = useTranslation();
  return useQuery(getIndustriesQueryOptions(toLocale(i18n.resolvedLanguage)));
}
