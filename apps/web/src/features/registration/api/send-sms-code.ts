import { verifyCodeSentSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** GET /getSmsCaptcha sends a registration code to `phone` by SMS; the form shows failures itself. */
export function sendSmsCode(phone: string) {
  return apiClient.get('/getSmsCaptcha', verifyCodeSentSchema, {
    query: { phone },
    anonymous: true,
    quiet: true,
  });
}

export function useSendSmsCode(config: MutationConfig<typeof sendSmsCode> = {}) {
  return useMutation({ ...config, mutationFn: sendSmsCode });
}
