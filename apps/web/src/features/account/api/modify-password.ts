import type { ModifyPasswordBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { sessionsQueryKey } from './get-sessions';

/**
 * POST /sysUser/modifyPwd. On success the server signs out every other session of the user;
 * this one stays. `quiet` because the form shows the failure itself.
 */
export function modifyPassword(body: ModifyPasswordBody) {
  return apiClient.post('/sysUser/modifyPwd', body, z.null(), { quiet: true });
}

export function useModifyPassword(config: MutationConfig<typeof modifyPassword> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: modifyPassword,
    onSuccess: (...args) => {
      // The other sessions are gone now; the list below the form must say so.
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      return config.onSuccess?.(...args);
    },
  });
}
