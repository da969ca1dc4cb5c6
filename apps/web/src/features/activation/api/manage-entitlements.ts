import { type EntitlementInput, entitlementPageSchema, entitlementSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { ACTIVATION_KEY, useActivationMutation } from './activation-keys';

export type EntitlementListParams = { pageNo: number; pageSize: number; q?: string };

/** GET /activation/manage/entitlements (staff, license:manage). */
export function useEntitlements(params: EntitlementListParams) {
  return useQuery({
    queryKey: [...ACTIVATION_KEY, 'manage', params],
    queryFn: ({ signal }) =>
      apiClient.get('/activation/manage/entitlements', entitlementPageSchema, {
        query: { pageNo: String(params.pageNo), pageSize: String(params.pageSize), q: params.q || undefined },
        signal,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST (new) or PUT /activation/manage/entitlements/:id. */
export const saveEntitlement = ({ id, input }: { id?: number; input: EntitlementInput }) =>
  id === undefined
    ? apiClient.post('/activation/manage/entitlements', input, entitlementSchema, { quiet: true })
    : apiClient.put(`/activation/manage/entitlements/${id}`, input, entitlementSchema, { quiet: true });

export const deleteEntitlement = (id: number) =>
  apiClient.delete(`/activation/manage/entitlements/${id}`, z.null(), { quiet: true });

export const useSaveEntitlement = () => useActivationMutation(saveEntitlement);
export const useDeleteEntitlement = () => useActivationMutation(deleteEntitlement);
