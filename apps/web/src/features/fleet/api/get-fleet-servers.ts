import { type FleetQuery, fleetPageSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { FLEET_KEY } from './fleet-keys';

export type FleetListParams = Partial<FleetQuery>;

function toQuery(params: FleetListParams): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}

/** GET /fleet/servers: one page of my servers with their worst state, and the fleet summary. */
export function getFleetServers(params: FleetListParams, signal?: AbortSignal) {
  return apiClient.get('/fleet/servers', fleetPageSchema, { query: toQuery(params), signal, quiet: true });
}

export function useFleetServers(params: FleetListParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...FLEET_KEY, 'list', params, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getFleetServers(params, signal),
    placeholderData: keepPreviousData,
  });
}
