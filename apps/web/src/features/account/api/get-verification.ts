import { verificationSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export const verificationQueryKey = ['account', 'verification'] as const;

/** GET /auth/verification: the serial numbers bound to the account and their verification state. */
export function getVerification(signal?: AbortSignal) {
  return apiClient.get('/auth/verification', verificationSchema, { signal, quiet: true });
}

export function getVerificationQueryOptions() {
  return queryOptions({
    queryKey: verificationQueryKey,
    queryFn: ({ signal }) => getVerification(signal),
    // The vendor's support verifies pending SNs meanwhile: opening the page shows the news.
    staleTime: 0,
  });
}

export function useVerification(config: QueryConfig<typeof getVerificationQueryOptions> = {}) {
  return useQuery({ ...getVerificationQueryOptions(), ...config });
}
