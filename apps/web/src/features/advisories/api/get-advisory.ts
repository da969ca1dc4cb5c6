import { advisoryDetailSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { ADVISORIES_KEY } from './advisory-keys';

/** GET /advisories/:advisoryId: one advisory as its newest visible revision says it. */
export function getAdvisory(advisoryId: string, signal?: AbortSignal) {
  return apiClient.get(`/advisories/${encodeURIComponent(advisoryId)}`, advisoryDetailSchema, {
    signal,
    quiet: true,
  });
}

export function useAdvisory(advisoryId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...ADVISORIES_KEY, 'detail', advisoryId, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getAdvisory(advisoryId, signal),
    // Not found stays not found: no retries for a 404.
    retry: false,
  });
}
