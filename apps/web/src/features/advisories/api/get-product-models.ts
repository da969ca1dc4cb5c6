import { catalogModelListSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { ADVISORIES_KEY } from './advisory-keys';

export type ProductModel = { id: number; code: string; name: string };

/** GET /catalog/models: the server models a product filter or an affected product may name (by id). */
export async function getProductModels(signal?: AbortSignal): Promise<ProductModel[]> {
  const models = await apiClient.get('/catalog/models', catalogModelListSchema, { signal, quiet: true });
  return models.map((model) => ({ id: model.id, code: model.code, name: model.name }));
}

export function useProductModels({ enabled = true } = {}) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...ADVISORIES_KEY, 'models', i18n.resolvedLanguage],
    queryFn: ({ signal }) => getProductModels(signal),
    staleTime: 10 * 60_000,
    enabled,
  });
}
