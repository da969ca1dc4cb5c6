import { type WebhookCreate, webhookCreatedSchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** POST /sysUser/webhooks: the answer carries the signing secret, the only time it is sent. */
export function createWebhook(input: WebhookCreate) {
  return apiClient.post('/sysUser/webhooks', input, webhookCreatedSchema, { quiet: true });
}

export function useCreateWebhook(config: MutationConfig<typeof createWebhook> = {}) {
  return useInvalidatingMutation(webhooksQueryKey, createWebhook, config);
}
