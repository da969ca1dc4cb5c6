import { dictNodeSchema, type Locale } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { toLocale } from '@/lib/locale-detection';

const industriesSchema = z.array(dictNodeSchema);

/**
 * GET /auth/industries: the industry values of spec 1, localised, in dictionary order. Public,
 * unlike /sysDictType/tree, because a visitor registering has no token yet.
 */
export function getIndustries(signal?: AbortSignal) {
  return apiClient.get('/auth/industries', industriesSchema, { signal, anonymous: true, quiet: true });
}

/** `locale` is part of the key because the server answers the names in the request's language. */
export function getIndustriesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['registration', 'industries', locale],
    queryFn: ({ signal }) => getIndustries(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useIndustries() {
  const { i18n } = useTranslation();
  return useQuery(getIndustriesQueryOptions(toLocale(i18n.resolvedLanguage)));
}
