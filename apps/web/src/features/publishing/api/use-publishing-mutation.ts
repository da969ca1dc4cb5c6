import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** Every cached publishing query starts with this key. */
export const PUBLISHING_KEY = ['publishing'] as const;

/** A staff change to the catalogue: every publishing list and detail is refetched. */
export const usePublishingMutation = <Fn extends (variables: never) => Promise<unknown>>(
  mutationFn: Fn,
  config: MutationConfig<Fn> = {},
) => useInvalidatingMutation(PUBLISHING_KEY, mutationFn, config);
