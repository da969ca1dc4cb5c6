import { type AdvisoryListQuery, advisoryPageSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { ADVISORIES_KEY } from './advisory-keys';

export type AdvisoryListParams = Partial<AdvisoryListQuery>;

function toQuery(params: AdvisoryListParams): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}

/**
 * GET /advisories: one page of published advisories. Signed out (no token to send) the server
 * answers TLP:WHITE ones only and no `affectsMine`.
 */
export function getAdvisories(params: AdvisoryListParams, signal?: AbortSignal) {
  return apiClient.get('/advisories', advisoryPageSchema, { query: toQuery(params), signal, quiet: true });
}

export function useAdvisories(params: AdvisoryListParams, { enabled = true } = {}) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...ADVISORIES_KEY, 'list', params, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getAdvisories(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
