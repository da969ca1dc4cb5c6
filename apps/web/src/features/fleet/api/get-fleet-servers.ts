import { type FleetQuery, fleetPageSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { type FleetScope, useFleetScope } from '../utils/fleet-scope';
import { FLEET_KEY } from './fleet-keys';

export type FleetListParams = Partial<FleetQuery>;

function toQuery(params: FleetListParams): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}

/** GET /fleet/servers (or an organisation's, for staff): one page of servers with their worst state, and the fleet summary. */
export function getFleetServers(scope: FleetScope, params: FleetListParams, signal?: AbortSignal) {
  return apiClient.get(`${scope.api}/servers`, fleetPageSchema, {
    query: toQuery(params),
    signal,
    quiet: true,
  });
}

export function useFleetServers(params: FleetListParams) {
  const { i18n } = useTranslation();
  const scope = useFleetScope();
  return useQuery({
    queryKey: [...FLEET_KEY, scope.api, 'list', params, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getFleetServers(scope, params, signal),
    placeholderData: keepPreviousData,
  });
}
