import { sessionInfoSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** GET /sysUser/sessions: the open sign-ins of the current user, this one marked `current`. */
export function getSessions(signal?: AbortSignal) {
  // The list shows its own failure; a session end is still handled by the client.
  return apiClient.get('/sysUser/sessions', z.array(sessionInfoSchema), { signal, quiet: true });
}

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => getSessions(signal),
    // Sessions elsewhere come and go; opening the section always shows the current state.
    staleTime: 0,
  });
}

export function useSessions(config: QueryConfig<typeof getSessionsQueryOptions> = {}) {
  return useQuery({ ...getSessionsQueryOptions(), ...config });
}
