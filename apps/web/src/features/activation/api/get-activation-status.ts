import {
  activationPageSchema,
  entitlementSchema,
  maintenanceRemainSchema,
  remainingNodesSchema,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { ACTIVATION_KEY } from './activation-keys';

/** GET /activation/entitlements: the contracts covering servers I hold. */
export function useMyEntitlements() {
  return useQuery({
    queryKey: [...ACTIVATION_KEY, 'mine'],
    queryFn: ({ signal }) =>
      apiClient.get('/activation/entitlements', z.array(entitlementSchema), { signal, quiet: true }),
  });
}

export type ProductOnServer = { product: string; sn: string };

/** GET /activation/remaining: authorised and remaining nodes of a product on one server. */
export function useRemainingNodes(target: ProductOnServer | null) {
  return useQuery({
    queryKey: [...ACTIVATION_KEY, 'remaining', target],
    queryFn: ({ signal }) =>
      apiClient.get('/activation/remaining', remainingNodesSchema, {
        query: target ?? {},
        signal,
        quiet: true,
      }),
    enabled: target !== null,
    retry: false,
  });
}

/** GET /activation/maintenance: the last day of maintenance and the days left. */
export function useMaintenanceRemain(target: ProductOnServer | null) {
  return useQuery({
    queryKey: [...ACTIVATION_KEY, 'maintenance', target],
    queryFn: ({ signal }) =>
      apiClient.get('/activation/maintenance', maintenanceRemainSchema, {
        query: target ?? {},
        signal,
        quiet: true,
      }),
    enabled: target !== null,
    retry: false,
  });
}

/** GET /activation/history: my codes, newest first. */
export function useActivationHistory(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: [...ACTIVATION_KEY, 'history', pageNo, pageSize],
    queryFn: ({ signal }) =>
      apiClient.get('/activation/history', activationPageSchema, {
        query: { pageNo: String(pageNo), pageSize: String(pageSize) },
        signal,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
  });
}
