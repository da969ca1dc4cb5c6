import { verifyCodeSentSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';

/**
 * GET /sysUser/getVerifyCode mails a code to the user's bound address (password change).
 * `quiet` because the form shows the failure itself.
 */
export function getVerifyCode() {
  return apiClient.get('/sysUser/getVerifyCode', verifyCodeSentSchema, { quiet: true });
}
