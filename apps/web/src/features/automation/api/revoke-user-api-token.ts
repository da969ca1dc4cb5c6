import { apiTokenSchema } from '@portal/contract';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { apiClient } from '@/lib/api-client';
import { userApiTokensQueryKey } from './get-user-api-tokens';

export interface RevokeUserApiTokenInput {
  userId: number;
  id: number;
}

/** DELETE /sysUser/:userId/apiTokens/:id (staff, sysUser:edit; audited). */
export function revokeUserApiToken({ userId, id }: RevokeUserApiTokenInput) {
  return apiClient.delete(`/sysUser/${userId}/apiTokens/${id}`, apiTokenSchema, { quiet: true });
}

export function useRevokeUserApiToken(
  userId: number,
  config: MutationConfig<typeof revokeUserApiToken> = {},
) {
  return useInvalidatingMutation(userApiTokensQueryKey(userId), revokeUserApiToken, config);
}
