import { verificationSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { verificationQueryKey } from './get-verification';

/** POST /auth/bindSn with up to SERIALS_PER_BIND serial numbers; answers the new state of all. */
export function bindSerials(serials: string[]) {
  return apiClient.post('/auth/bindSn', { sn: serials }, verificationSchema, { quiet: true });
}

export function useBindSerials(config: MutationConfig<typeof bindSerials> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: bindSerials,
    onSuccess: (verification, ...rest) => {
      queryClient.setQueryData(verificationQueryKey, verification);
      return config.onSuccess?.(verification, ...rest);
    },
  });
}
