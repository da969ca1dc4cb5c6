import { verificationSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { verificationQueryKey } from './get-verification';

/** DELETE /auth/bindSn/:sn; answers the state of the serial numbers still bound. */
export function unbindSerial(sn: string) {
  return apiClient.delete(`/auth/bindSn/${encodeURIComponent(sn)}`, verificationSchema, { quiet: true });
}

export function useUnbindSerial(config: MutationConfig<typeof unbindSerial> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: unbindSerial,
    onSuccess: (verification, ...rest) => {
      queryClient.setQueryData(verificationQueryKey, verification);
      return config.onSuccess?.(verification, ...rest);
    },
  });
}
