import { apiTokenListSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { AUTOMATION_KEY } from './get-api-tokens';

export const userApiTokensQueryKey = (userId: number) =>
  [...AUTOMATION_KEY, 'users', userId, 'apiTokens'] as const;

/** GET /sysUser/:userId/apiTokens (staff, sysUser:page): a user's tokens, never their secrets. */
export function getUserApiTokens(userId: number, signal?: AbortSignal) {
  return apiClient.get(`/sysUser/${userId}/apiTokens`, apiTokenListSchema, { signal, quiet: true });
}

export function getUserApiTokensQueryOptions(userId: number) {
  return queryOptions({
    queryKey: userApiTokensQueryKey(userId),
    queryFn: ({ signal }) => getUserApiTokens(userId, signal),
    staleTime: 0,
  });
}

export function useUserApiTokens(
  userId: number,
  config: QueryConfig<typeof getUserApiTokensQueryOptions> = {},
) {
  return useQuery({ ...getUserApiTokensQueryOptions(userId), ...config });
}
