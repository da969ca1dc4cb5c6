import { profileSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export const profileQueryKey = ['account', 'profile'] as const;

/** GET /sysUser/profile: what the base settings and the bound email/phone rows show. */
export function getProfile(signal?: AbortSignal) {
  return apiClient.get('/sysUser/profile', profileSchema, { signal, quiet: true });
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile(config: QueryConfig<typeof getProfileQueryOptions> = {}) {
  return useQuery({ ...getProfileQueryOptions(), ...config });
}
