import { fleetServerDetailSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { FLEET_KEY } from './fleet-keys';

/** GET /fleet/servers/:sn: one of my servers, every component with its state and target. */
export function getFleetServer(sn: string, signal?: AbortSignal) {
  return apiClient.get(`/fleet/servers/${encodeURIComponent(sn)}`, fleetServerDetailSchema, {
    signal,
    quiet: true,
  });
}

export function useFleetServer(sn: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...FLEET_KEY, 'detail', sn, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getFleetServer(sn, signal),
    // Not found stays not found: no retries for a 404.
    retry: false,
  });
}
