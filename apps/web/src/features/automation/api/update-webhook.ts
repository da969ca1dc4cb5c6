import { type WebhookUpdate, webhookSchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

export interface UpdateWebhookInput {
  id: number;
  changes: WebhookUpdate;
}

/** PUT /sysUser/webhooks/:id: other events, or switched on or off. */
export function updateWebhook({ id, changes }: UpdateWebhookInput) {
  return apiClient.put(`/sysUser/webhooks/${id}`, changes, webhookSchema, { quiet: true });
}

export function useUpdateWebhook(config: MutationConfig<typeof updateWebhook> = {}) {
  return useInvalidatingMutation(webhooksQueryKey, updateWebhook, config);
}
