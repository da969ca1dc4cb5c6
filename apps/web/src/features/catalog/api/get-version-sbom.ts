import { versionSbomSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { CATALOG_KEY } from './catalog-keys';

/** GET /catalog/versions/:id/sbom: the version's SBOM (summary, components); 404 when it has none. */
export function getVersionSbom(versionId: number, signal?: AbortSignal) {
  return apiClient.get(`/catalog/versions/${versionId}/sbom`, versionSbomSchema, { signal, quiet: true });
}

export function useVersionSbom(versionId: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...CATALOG_KEY, 'version', versionId, 'sbom', i18n.resolvedLanguage],
    queryFn: ({ signal }) => getVersionSbom(versionId, signal),
    // A version without an SBOM answers 404: nothing to retry.
    retry: false,
  });
}
