import { feedTokenStatusSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { AUTOMATION_KEY } from './get-api-tokens';

export const feedTokenQueryKey = [...AUTOMATION_KEY, 'feedToken'] as const;

/** GET /sysUser/feedToken: whether I have a private feed, since when and its last use (never the token). */
export function getFeedToken(signal?: AbortSignal) {
  return apiClient.get('/sysUser/feedToken', feedTokenStatusSchema, { signal, quiet: true });
}

export function getFeedTokenQueryOptions() {
  return queryOptions({
    queryKey: feedTokenQueryKey,
    queryFn: ({ signal }) => getFeedToken(signal),
    // A feed reader uses it, a password change ends it: always show the current state.
    staleTime: 0,
  });
}

export function useFeedToken(config: QueryConfig<typeof getFeedTokenQueryOptions> = {}) {
  return useQuery({ ...getFeedTokenQueryOptions(), ...config });
}
