import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/lib/query-client';

/** Every cached activation query starts with this key. */
export const ACTIVATION_KEY = ['activation'] as const;

/** A change to codes or entitlements: the remaining nodes, history and lists are refetched. */
export function useActivationMutation<Fn extends (variables: never) => Promise<unknown>>(
  mutationFn: Fn,
  config: MutationConfig<Fn> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: mutationFn as (variables: Parameters<Fn>[0]) => Promise<Awaited<ReturnType<Fn>>>,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ACTIVATION_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
