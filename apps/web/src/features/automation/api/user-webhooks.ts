import { staffWebhookDeliveryPageSchema, staffWebhookListSchema, staffWebhookSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig, QueryConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { AUTOMATION_KEY } from './get-api-tokens';
import type { WebhookDeliveriesParams } from './get-webhook-deliveries';

export const userWebhooksQueryKey = (userId: number) =>
  [...AUTOMATION_KEY, 'users', userId, 'webhooks'] as const;

/** GET /sysUser/:userId/webhooks (staff, sysUser:page): a user's webhooks by origin only. */
export function getUserWebhooks(userId: number, signal?: AbortSignal) {
  return apiClient.get(`/sysUser/${userId}/webhooks`, staffWebhookListSchema, { signal, quiet: true });
}

export function useUserWebhooks(userId: number) {
  return useQuery(
    queryOptions({
      queryKey: userWebhooksQueryKey(userId),
      queryFn: ({ signal }) => getUserWebhooks(userId, signal),
      staleTime: 0,
    }),
  );
}

/**
 * GET /sysUser/:userId/webhooks/:id/deliveries (staff, sysUser:page): one page of a user's
 * webhook log, newest first, without the bodies sent.
 */
export function getUserWebhookDeliveries(
  userId: number,
  id: number,
  { pageNo, pageSize }: WebhookDeliveriesParams,
  signal?: AbortSignal,
) {
  return apiClient.get(`/sysUser/${userId}/webhooks/${id}/deliveries`, staffWebhookDeliveryPageSchema, {
    query: { pageNo: String(pageNo), pageSize: String(pageSize) },
    signal,
    // The log shows its own failure.
    quiet: true,
  });
}

export function getUserWebhookDeliveriesQueryOptions(
  userId: number,
  id: number,
  params: WebhookDeliveriesParams,
) {
  return queryOptions({
    queryKey: [...userWebhooksQueryKey(userId), id, 'deliveries', params],
    queryFn: ({ signal }) => getUserWebhookDeliveries(userId, id, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUserWebhookDeliveries(
  userId: number,
  id: number,
  params: WebhookDeliveriesParams,
  config: QueryConfig<typeof getUserWebhookDeliveriesQueryOptions> = {},
) {
  return useQuery({ ...getUserWebhookDeliveriesQueryOptions(userId, id, params), ...config });
}

export interface SwitchOffUserWebhookInput {
  userId: number;
  id: number;
}

/** POST /sysUser/:userId/webhooks/:id/off (staff, sysUser:edit; audited). */
export function switchOffUserWebhook({ userId, id }: SwitchOffUserWebhookInput) {
  return apiClient.post(`/sysUser/${userId}/webhooks/${id}/off`, undefined, staffWebhookSchema, {
    quiet: true,
  });
}

export function useSwitchOffUserWebhook(
  userId: number,
  config: MutationConfig<typeof switchOffUserWebhook> = {},
) {
  return useInvalidatingMutation(userWebhooksQueryKey(userId), switchOffUserWebhook, config);
}
