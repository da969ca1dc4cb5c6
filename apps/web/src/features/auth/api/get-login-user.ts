import { loginUserSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export const loginUserQueryKey = ['auth', 'login-user'] as const;

export function getLoginUser(signal?: AbortSignal) {
  return apiClient.get('/getLoginUser', loginUserSchema, { signal });
}

export function getLoginUserQueryOptions() {
  return queryOptions({
    queryKey: loginUserQueryKey,
    queryFn: ({ signal }) => getLoginUser(signal),
    // Fetched once per session; a language switch invalidates it explicitly.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The signed-in user. Under the route guard the data is always present. */
export function useLoginUser(config: QueryConfig<typeof getLoginUserQueryOptions> = {}) {
  return useQuery({ ...getLoginUserQueryOptions(), ...config });
}
