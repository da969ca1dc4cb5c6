import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/lib/query-client';

/** Every cached query of the staff pages (users, audit, dashboard) starts with this key. */
export const SYSTEM_KEY = ['system'] as const;

/** A staff change: the user list, details and the audit log are refetched. */
export function useSystemMutation<Fn extends (variables: never) => Promise<unknown>>(
  mutationFn: Fn,
  config: MutationConfig<Fn> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: mutationFn as (variables: Parameters<Fn>[0]) => Promise<Awaited<ReturnType<Fn>>>,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: SYSTEM_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
