import { type RegisterBody, registerResultSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export interface RegisterInput {
  body: RegisterBody;
  /** The text of the captcha image; omitted when the server has captcha switched off. */
  captcha?: string;
}

/** POST /auth/register?code=<captcha>. The form shows every failure on its fields, hence `quiet`. */
export function register({ body, captcha }: RegisterInput) {
  return apiClient.post('/auth/register', body, registerResultSchema, {
    query: { code: captcha },
    anonymous: true,
    quiet: true,
  });
}

export function useRegister(config: MutationConfig<typeof register> = {}) {
  return useMutation({ ...config, mutationFn: register });
}
