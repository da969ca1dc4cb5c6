import { catalogVersionDetailSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { CATALOG_KEY } from './catalog-keys';

/** GET /catalog/versions/:id: checksums, notes, compatibility and the item's other versions. */
export function getVersionDetail(versionId: number, signal?: AbortSignal) {
  return apiClient.get(`/catalog/versions/${versionId}`, catalogVersionDetailSchema, { signal, quiet: true });
}

export function useVersionDetail(versionId: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...CATALOG_KEY, 'version', versionId, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getVersionDetail(versionId ?? 0, signal),
    enabled: versionId !== undefined,
  });
}
