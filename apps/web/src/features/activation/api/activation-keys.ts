import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** Every cached activation query starts with this key. */
export const ACTIVATION_KEY = ['activation'] as const;

/** A change to codes or entitlements: the remaining nodes, history and lists are refetched. */
export const useActivationMutation = <Fn extends (variables: never) => Promise<unknown>>(
  mutationFn: Fn,
  config: MutationConfig<Fn> = {},
) => useInvalidatingMutation(ACTIVATION_KEY, mutationFn, config);
