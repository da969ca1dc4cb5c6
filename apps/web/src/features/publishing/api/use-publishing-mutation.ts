import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/lib/query-client';

/** Every cached publishing query starts with this key. */
export const PUBLISHING_KEY = ['publishing'] as const;

/**
 * A staff change to the catalogue: once it succeeds every publishing list and detail is
 * refetched, since one change (a publish, a recall) shows in items, versions and counts alike.
 */
export function usePublishingMutation<Fn extends (variables: never) => Promise<unknown>>(
  mutationFn: Fn,
  config: MutationConfig<Fn> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: mutationFn as (variables: Parameters<Fn>[0]) => Promise<Awaited<ReturnType<Fn>>>,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
