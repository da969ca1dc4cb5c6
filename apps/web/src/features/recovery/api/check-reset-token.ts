import { resetTokenStateSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /auth/recover/check: whether a mailed link can still set a password, and for which (masked) account. */
export function checkResetToken(token: string, signal?: AbortSignal) {
  return apiClient.get('/auth/recover/check', resetTokenStateSchema, {
    query: { token },
    signal,
    anonymous: true,
    quiet: true,
  });
}

export function checkResetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['recovery', 'token', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    // A link's state changes when it is used or expires: never answer from an old check.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetTokenState(token: string) {
  return useQuery(checkResetTokenQueryOptions(token));
}
