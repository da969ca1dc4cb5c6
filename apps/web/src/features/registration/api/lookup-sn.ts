import { snLookupSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/**
 * GET /v1/auth/register/sn: does this server serial number exist, and which model is it.
 * A mutation because it runs when the visitor presses "Check", not whenever the field changes.
 */
export function lookupSn(sn: string) {
  return apiClient.get('/v1/auth/register/sn', snLookupSchema, {
    query: { sn },
    anonymous: true,
    quiet: true,
  });
}

export function useLookupSn(config: MutationConfig<typeof lookupSn> = {}) {
  return useMutation({ ...config, mutationFn: lookupSn });
}
