import { webhookListSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { AUTOMATION_KEY } from './get-api-tokens';

/** My webhooks and, under it, their delivery logs: a change to a webhook refreshes both. */
export const webhooksQueryKey = [...AUTOMATION_KEY, 'webhooks'] as const;

/** GET /sysUser/webhooks: my webhooks, oldest first, each with its newest delivery (never the secret). */
export function getWebhooks(signal?: AbortSignal) {
  return apiClient.get('/sysUser/webhooks', webhookListSchema, { signal, quiet: true });
}

export function getWebhooksQueryOptions() {
  return queryOptions({
    queryKey: [...webhooksQueryKey, 'list'],
    queryFn: ({ signal }) => getWebhooks(signal),
    // Deliveries are made by the job queue in the background: always show the current state.
    staleTime: 0,
  });
}

export function useWebhooks(config: QueryConfig<typeof getWebhooksQueryOptions> = {}) {
  return useQuery({ ...getWebhooksQueryOptions(), ...config });
}
