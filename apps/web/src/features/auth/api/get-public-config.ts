import type { PublicConfig } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

/**
 * The contract's publicConfigSchema in zod/mini: the sign-in page asks for it, and the
 * contract's classic schemas would bring all of zod along. Typed against the contract.
 */
const publicConfigSchema = z.object({
  captchaEnabled: z.boolean(),
  portalName: z.string(),
  tokenLinkOrigins: z.optional(z.array(z.string())),
}) satisfies z.ZodMiniType<PublicConfig>;

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
