import { loginUserSchema } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { onAccessChange } from '@/lib/access-version';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export const loginUserQueryKey = ['auth', 'login-user'] as const;

export function getLoginUser(signal?: AbortSignal) {
  return apiClient.get('/getLoginUser', loginUserSchema, { signal, loadsUser: true });
}

/**
 * Loads the signed-in user again (in the background: the console stays as it is meanwhile)
 * whenever an answer says staff changed what users may reach, so the menus follow at the next
 * request. Answers the function that stops it.
 */
export function followAccessChanges(queryClient: QueryClient): () => void {
  return onAccessChange(() => void queryClient.invalidateQueries({ queryKey: loginUserQueryKey }));
}

export function getLoginUserQueryOptions() {
  return queryOptions({
    queryKey: loginUserQueryKey,
    queryFn: ({ signal }) => getLoginUser(signal),
    // Fetched once per session; a language switch invalidates it explicitly, and so does an
    // answer saying that staff changed the user's menus (followAccessChanges).
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The signed-in user. Under the route guard the data is always present. */
export function useLoginUser(config: QueryConfig<typeof getLoginUserQueryOptions> = {}) {
  return useQuery({ ...getLoginUserQueryOptions(), ...config });
}
