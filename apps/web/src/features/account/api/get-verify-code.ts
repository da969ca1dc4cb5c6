import { verifyCodeSentSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/**
 * GET /sysUser/getVerifyCode mails a code to the user's bound address. A mutation, not a
 * query: every call sends a mail. `quiet` because the form shows the failure itself.
 */
export function getVerifyCode() {
  return apiClient.get('/sysUser/getVerifyCode', verifyCodeSentSchema, { quiet: true });
}

export function useGetVerifyCode(config: MutationConfig<typeof getVerifyCode> = {}) {
  return useMutation({ ...config, mutationFn: getVerifyCode });
}
