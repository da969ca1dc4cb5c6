import { webhookDeliverySchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** POST /sysUser/webhooks/:id/ping: queues a test event; its delivery appears in the log. */
export function pingWebhook(id: number) {
  return apiClient.post(`/sysUser/webhooks/${id}/ping`, undefined, webhookDeliverySchema, { quiet: true });
}

export function usePingWebhook(config: MutationConfig<typeof pingWebhook> = {}) {
  return useInvalidatingMutation(webhooksQueryKey, pingWebhook, config);
}
