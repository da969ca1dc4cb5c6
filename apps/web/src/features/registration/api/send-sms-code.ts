import { verifyCodeSentSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';

/** GET /getSmsCaptcha?code=<captcha answer> sends a registration code to `phone` by SMS; the form shows failures itself. */
export function sendSmsCode(phone: string, captcha?: string) {
  return apiClient.get('/getSmsCaptcha', verifyCodeSentSchema, {
    query: { phone, code: captcha },
    anonymous: true,
    quiet: true,
  });
}
