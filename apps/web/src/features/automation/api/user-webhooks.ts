import { staffWebhookListSchema, staffWebhookSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { AUTOMATION_KEY } from './get-api-tokens';

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
