import { deviceRequestSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** POST /device/lookup: who asks under a user code (program, computer, address, time). */
export function lookUpDeviceCode(userCode: string) {
  return apiClient.post('/device/lookup', { userCode }, deviceRequestSchema, { quiet: true });
}

export function useLookUpDeviceCode(config: MutationConfig<typeof lookUpDeviceCode> = {}) {
  return useMutation({ ...config, mutationFn: lookUpDeviceCode });
}
