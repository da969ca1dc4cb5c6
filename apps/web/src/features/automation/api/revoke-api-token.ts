import { apiTokenSchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

/** DELETE /sysUser/apiTokens/:id: one of my tokens stops working at once. */
export function revokeApiToken(id: number) {
  return apiClient.delete(`/sysUser/apiTokens/${id}`, apiTokenSchema, { quiet: true });
}

export function useRevokeApiToken(config: MutationConfig<typeof revokeApiToken> = {}) {
  return useInvalidatingMutation(apiTokensQueryKey, revokeApiToken, config);
}
