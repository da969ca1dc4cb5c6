import { verifyCodeSentSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';

/** GET /sysUser/smsCode: texts a code to a NEW phone number, to prove it before binding it. */
export function sendSmsCode(phone: string) {
  return apiClient.get('/sysUser/smsCode', verifyCodeSentSchema, { query: { phone }, quiet: true });
}
