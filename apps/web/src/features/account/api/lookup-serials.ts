import { snLookupSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** GET /v1/auth/register/sn for one serial number: does it exist, and which model is it. */
export function lookupSerial(sn: string) {
  return apiClient.get('/v1/auth/register/sn', snLookupSchema, { query: { sn }, quiet: true });
}

/** Looks every serial number up (one call each, at most SERIALS_PER_BIND), in the given order. */
export function lookupSerials(serials: string[]) {
  return Promise.all(serials.map(lookupSerial));
}

/** A mutation, not a query: the lookup runs when the user asks for it, once per click. */
export function useLookupSerials(config: MutationConfig<typeof lookupSerials> = {}) {
  return useMutation({ ...config, mutationFn: lookupSerials });
}
