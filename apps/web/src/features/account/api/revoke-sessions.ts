import { revokeSessionsResultSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { sessionsQueryKey } from './get-sessions';

/** One session by id, or every session except the current one. */
export type RevokeSessionsInput = { id: number } | { allOthers: true };

/** POST /sysUser/sessions/revoke: answers how many sessions were signed out. */
export function revokeSessions(input: RevokeSessionsInput) {
  return apiClient.post('/sysUser/sessions/revoke', input, revokeSessionsResultSchema, { quiet: true });
}

export function useRevokeSessions(config: MutationConfig<typeof revokeSessions> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: revokeSessions,
    onSettled: (...args) => {
      // Refresh even after a failure: the session may have ended on its own meanwhile.
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      return config.onSettled?.(...args);
    },
  });
}
