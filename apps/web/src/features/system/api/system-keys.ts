import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** Every cached query of the staff pages (users, audit, dashboard) starts with this key. */
export const SYSTEM_KEY = ['system'] as const;

/** A staff change: the user list, details and the audit log are refetched. */
export const useSystemMutation = <Fn extends (variables: never) => Promise<unknown>>(
  mutationFn: Fn,
  config: MutationConfig<Fn> = {},
) => useInvalidatingMutation(SYSTEM_KEY, mutationFn, config);
