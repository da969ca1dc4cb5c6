import { feedTokenCreatedSchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { feedTokenQueryKey } from './get-feed-token';

/** POST /sysUser/feedToken: a new private feed URL (answered once), replacing the old one at once. */
export function createFeedToken() {
  return apiClient.post('/sysUser/feedToken', undefined, feedTokenCreatedSchema, { quiet: true });
}

export function useCreateFeedToken(config: MutationConfig<typeof createFeedToken> = {}) {
  return useInvalidatingMutation(feedTokenQueryKey, createFeedToken, config);
}
