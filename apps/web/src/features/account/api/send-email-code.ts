import { verifyCodeSentSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';

/** GET /sysUser/emailCode: mails a code to a NEW address, to prove it before binding it. */
export function sendEmailCode(email: string) {
  return apiClient.get('/sysUser/emailCode', verifyCodeSentSchema, { query: { email }, quiet: true });
}
