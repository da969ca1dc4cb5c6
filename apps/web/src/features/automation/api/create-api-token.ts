import { type ApiTokenCreate, apiTokenCreatedSchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

/** POST /sysUser/apiTokens: the answer carries the secret in `token`, the only time it is sent. */
export function createApiToken(input: ApiTokenCreate) {
  return apiClient.post('/sysUser/apiTokens', input, apiTokenCreatedSchema, { quiet: true });
}

export function useCreateApiToken(config: MutationConfig<typeof createApiToken> = {}) {
  return useInvalidatingMutation(apiTokensQueryKey, createApiToken, config);
}
