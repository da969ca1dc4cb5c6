import { catalogModelListSchema, catalogVersionPageSchema, MAX_PAGE_SIZE } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { FLEET_KEY } from './fleet-keys';

/** GET /catalog/models: the models a baseline may be pinned for. */
export function useCatalogModels({ enabled = true } = {}) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...FLEET_KEY, 'models', i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get('/catalog/models', catalogModelListSchema, { signal, quiet: true }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** Which versions a baseline component may pin: a kind of a model's firmware, or a PCIe card's. */
export type BaselineChoiceQuery = { kind: string; model: string } | { kind: 'PCIE'; part: string };

/**
 * GET /catalog/versions?kind=&model= (or &part=): the released versions of that component, newest
 * first (the catalogue shows customers released versions only).
 */
export function getBaselineChoices(query: BaselineChoiceQuery, signal?: AbortSignal) {
  return apiClient.get('/catalog/versions', catalogVersionPageSchema, {
    query: { ...query, pageNo: '1', pageSize: String(MAX_PAGE_SIZE) },
    signal,
    quiet: true,
  });
}

export function useBaselineChoices(query: BaselineChoiceQuery | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...FLEET_KEY, 'baseline-choices', query, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getBaselineChoices(query as BaselineChoiceQuery, signal),
    enabled: query !== undefined,
    staleTime: 60_000,
    select: (page) => page.rows.filter((row) => row.status === 'published' && !row.preRelease),
  });
}
