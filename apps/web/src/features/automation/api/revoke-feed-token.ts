import { feedTokenStatusSchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { feedTokenQueryKey } from './get-feed-token';

/** DELETE /sysUser/feedToken: my private feed answers 404 from now on. */
export function revokeFeedToken() {
  return apiClient.delete('/sysUser/feedToken', feedTokenStatusSchema, { quiet: true });
}

export function useRevokeFeedToken(config: MutationConfig<typeof revokeFeedToken> = {}) {
  return useInvalidatingMutation(feedTokenQueryKey, revokeFeedToken, config);
}
