import { catalogConfigSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { CATALOG_KEY } from './catalog-keys';

/** GET /catalog/versions/:id/config: a BIOS/BMC configuration set parsed for viewing. */
export function getConfig(versionId: number, signal?: AbortSignal) {
  return apiClient.get(`/catalog/versions/${versionId}/config`, catalogConfigSchema, { signal, quiet: true });
}

export function useConfig(versionId: number | undefined) {
  return useQuery({
    queryKey: [...CATALOG_KEY, 'config', versionId],
    queryFn: ({ signal }) => getConfig(versionId ?? 0, signal),
    enabled: versionId !== undefined,
  });
}
