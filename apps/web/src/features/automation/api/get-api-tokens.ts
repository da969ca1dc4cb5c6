import { apiTokenListSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

/** Every cached query of the automation sections (tokens, later feeds and webhooks) starts with this. */
export const AUTOMATION_KEY = ['automation'] as const;
export const apiTokensQueryKey = [...AUTOMATION_KEY, 'apiTokens'] as const;

/** GET /sysUser/apiTokens: my personal access tokens, newest first (never the secret). */
export function getApiTokens(signal?: AbortSignal) {
  // The section shows its own failure.
  return apiClient.get('/sysUser/apiTokens', apiTokenListSchema, { signal, quiet: true });
}

export function getApiTokensQueryOptions() {
  return queryOptions({
    queryKey: apiTokensQueryKey,
    queryFn: ({ signal }) => getApiTokens(signal),
    // Last use and revocations (password change, staff) happen elsewhere: always show the current state.
    staleTime: 0,
  });
}

export function useApiTokens(config: QueryConfig<typeof getApiTokensQueryOptions> = {}) {
  return useQuery({ ...getApiTokensQueryOptions(), ...config });
}
