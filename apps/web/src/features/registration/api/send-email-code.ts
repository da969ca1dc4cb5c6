import { verifyCodeSentSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';

/**
 * GET /auth/emailCode?code=<captcha answer> mails a registration code to `email`. A mutation: every call sends a
 * mail. `quiet` because the form shows the failure (429 included) beside the field.
 */
export function sendEmailCode(email: string, captcha?: string) {
  return apiClient.get('/auth/emailCode', verifyCodeSentSchema, {
    query: { email, code: captcha },
    anonymous: true,
    quiet: true,
  });
}
