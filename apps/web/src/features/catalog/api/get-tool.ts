import { catalogToolSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { CATALOG_KEY } from './catalog-keys';

/** GET /catalog/tools/:code: the requested tool and its newest version the reader may download. */
export function useRequestedTool(code: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...CATALOG_KEY, 'tool', code, i18n.resolvedLanguage],
    queryFn: ({ signal }) =>
      apiClient.get(`/catalog/tools/${encodeURIComponent(code ?? '')}`, catalogToolSchema, {
        signal,
        quiet: true,
      }),
    enabled: code !== null && code !== '',
    retry: false,
  });
}
