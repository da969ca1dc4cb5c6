import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from './query-client';

/**
 * A mutation after which every cached query under `key` is refetched: one staff change (a
 * publish, a freeze, a new entitlement) shows in several lists and details at once.
 */
export function useInvalidatingMutation<Fn extends (variables: never) => Promise<unknown>>(
  key: QueryKey,
  mutationFn: Fn,
  config: MutationConfig<Fn> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: mutationFn as (variables: Parameters<Fn>[0]) => Promise<Awaited<ReturnType<Fn>>>,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: key });
      return config.onSuccess?.(...args);
    },
  });
}
