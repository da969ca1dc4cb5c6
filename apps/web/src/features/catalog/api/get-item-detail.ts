import { catalogItemDetailSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { CATALOG_KEY } from './catalog-keys';

/** GET /catalog/items/:code: the item and the history of its visible versions with their notes. */
export function getItemDetail(code: string, signal?: AbortSignal) {
  return apiClient.get(`/catalog/items/${encodeURIComponent(code)}`, catalogItemDetailSchema, {
    signal,
    quiet: true,
  });
}

export function useItemDetail(code: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...CATALOG_KEY, 'item', code, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getItemDetail(code, signal),
  });
}
