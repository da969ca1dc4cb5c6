import { verifyCodeSentSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/**
 * GET /auth/emailCode mails a registration code to `email`. A mutation: every call sends a
 * mail. `quiet` because the form shows the failure (429 included) beside the field.
 */
export function sendEmailCode(email: string) {
  return apiClient.get('/auth/emailCode', verifyCodeSentSchema, {
    query: { email },
    anonymous: true,
    quiet: true,
  });
}

export function useSendEmailCode(config: MutationConfig<typeof sendEmailCode> = {}) {
  return useMutation({ ...config, mutationFn: sendEmailCode });
}
