import { type PageQuery, webhookDeliveryPageSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { webhooksQueryKey } from './get-webhooks';

export type WebhookDeliveriesParams = Pick<PageQuery, 'pageNo' | 'pageSize'>;

/** GET /sysUser/webhooks/:id/deliveries: one page of a webhook's delivery log, newest first. */
export function getWebhookDeliveries(
  id: number,
  { pageNo, pageSize }: WebhookDeliveriesParams,
  signal?: AbortSignal,
) {
  return apiClient.get(`/sysUser/webhooks/${id}/deliveries`, webhookDeliveryPageSchema, {
    query: { pageNo: String(pageNo), pageSize: String(pageSize) },
    signal,
    // The log shows its own failure.
    quiet: true,
  });
}

export function getWebhookDeliveriesQueryOptions(id: number, params: WebhookDeliveriesParams) {
  return queryOptions({
    queryKey: [...webhooksQueryKey, id, 'deliveries', params],
    queryFn: ({ signal }) => getWebhookDeliveries(id, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useWebhookDeliveries(
  id: number,
  params: WebhookDeliveriesParams,
  config: QueryConfig<typeof getWebhookDeliveriesQueryOptions> = {},
) {
  return useQuery({ ...getWebhookDeliveriesQueryOptions(id, params), ...config });
}
