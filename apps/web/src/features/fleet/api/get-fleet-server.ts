import { fleetServerDetailSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { type FleetScope, useFleetScope } from '../utils/fleet-scope';
import { FLEET_KEY } from './fleet-keys';

/** GET /fleet/servers/:sn (or an organisation's, for staff): one server, every component with its state and target. */
export function getFleetServer(scope: FleetScope, sn: string, signal?: AbortSignal) {
  return apiClient.get(`${scope.api}/servers/${encodeURIComponent(sn)}`, fleetServerDetailSchema, {
    signal,
    quiet: true,
  });
}

export function useFleetServer(sn: string) {
  const { i18n } = useTranslation();
  const scope = useFleetScope();
  return useQuery({
    queryKey: [...FLEET_KEY, scope.api, 'detail', sn, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getFleetServer(scope, sn, signal),
    // Not found stays not found: no retries for a 404.
    retry: false,
  });
}
