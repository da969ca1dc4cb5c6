import { type InventoryKind, installedBaseSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SYSTEM_KEY } from './system-keys';

export type InstalledBaseParams = { kind: InventoryKind; model?: string; pn?: string; cve?: string };

/**
 * GET /staff/fleet/installed-base (sysDashboard:page): over every customer, servers per installed
 * version of a kind; with a CVE, how many servers and customers are exposed.
 */
export function getInstalledBase({ kind, model, pn, cve }: InstalledBaseParams, signal?: AbortSignal) {
  return apiClient.get('/staff/fleet/installed-base', installedBaseSchema, {
    query: { kind, model: model || undefined, pn: pn || undefined, cve: cve || undefined },
    signal,
    quiet: true,
  });
}

export function useInstalledBase(params: InstalledBaseParams) {
  return useQuery({
    queryKey: [...SYSTEM_KEY, 'installed-base', params],
    queryFn: ({ signal }) => getInstalledBase(params, signal),
    placeholderData: keepPreviousData,
  });
}
