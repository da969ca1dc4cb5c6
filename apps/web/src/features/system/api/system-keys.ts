import { useQueryClient } from '@tanstack/react-query';
import { loginUserQueryKey } from '@/features/auth';
import type { MutationConfig } from '@/lib/query-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** Every cached query of the staff pages (users, audit, dashboard) starts with this key. */
export const SYSTEM_KEY = ['system'] as const;

/**
 * A staff change: the user list, details and the audit log are refetched, and so is the
 * signed-in user, because the change may be to the staff member's own menus, roles or
 * permissions: the side menu follows at once instead of after a reload.
 */
export const useSystemMutation = <Fn extends (variables: never) => Promise<unknown>>(
  mutationFn: Fn,
  config: MutationConfig<Fn> = {},
) => {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(SYSTEM_KEY, mutationFn, {
    ...config,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: loginUserQueryKey });
      return config.onSuccess?.(...args);
    },
  });
};
