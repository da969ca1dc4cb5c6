import { catalogModelSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { ADVISORIES_KEY } from './advisory-keys';

/**
 * The catalogue's models as advisories name them: by database id (`modelId`). The catalogue's
 * own schema has no id yet, so it is read as optional and only models that carry one are offered.
 */
const productModelListSchema = z.array(catalogModelSchema.extend({ id: z.number().int().optional() }));
export type ProductModel = { id: number; code: string; name: string };

/** GET /catalog/models: the server models a product filter or an affected product may name. */
export async function getProductModels(signal?: AbortSignal): Promise<ProductModel[]> {
  const models = await apiClient.get('/catalog/models', productModelListSchema, { signal, quiet: true });
  return models.flatMap((model) =>
    model.id === undefined ? [] : [{ id: model.id, code: model.code, name: model.name }],
  );
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
