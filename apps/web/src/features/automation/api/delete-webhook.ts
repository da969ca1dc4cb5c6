import { webhookSchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** DELETE /sysUser/webhooks/:id: the webhook and its delivery log. */
export function deleteWebhook(id: number) {
  return apiClient.delete(`/sysUser/webhooks/${id}`, webhookSchema, { quiet: true });
}

export function useDeleteWebhook(config: MutationConfig<typeof deleteWebhook> = {}) {
  return useInvalidatingMutation(webhooksQueryKey, deleteWebhook, config);
}
