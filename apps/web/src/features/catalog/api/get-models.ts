import { catalogModelListSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { CATALOG_KEY } from './catalog-keys';

/** GET /catalog/models: every server model with its family, named in the reader's language. */
export function getModels(signal?: AbortSignal) {
  return apiClient.get('/catalog/models', catalogModelListSchema, { signal, quiet: true });
}

export function useModels() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...CATALOG_KEY, 'models', i18n.resolvedLanguage],
    queryFn: ({ signal }) => getModels(signal),
    staleTime: 10 * 60_000,
  });
}
