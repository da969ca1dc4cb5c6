import { publicConfigSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export function getPublicConfig(signal?: AbortSignal) {
  return apiClient.get('/config', publicConfigSchema, { signal, anonymous: true });
}

export function getPublicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'public'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    // Server settings change with a deployment, not during a visit.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicConfig(config: QueryConfig<typeof getPublicConfigQueryOptions> = {}) {
  return useQuery({ ...getPublicConfigQueryOptions(), ...config });
}
