import { type LoginBody, loginResultSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export interface LoginInput extends LoginBody {
  /** The text of the captcha image; omitted when the server has captcha switched off. */
  captcha?: string;
}

/** POST /login?code=<captcha>. The form shows every failure itself, hence `quiet`. */
export function login({ captcha, ...credentials }: LoginInput) {
  return apiClient.post('/login', credentials, loginResultSchema, {
    query: { code: captcha },
    anonymous: true,
    quiet: true,
  });
}

export function useLogin(config: MutationConfig<typeof login> = {}) {
  return useMutation({ ...config, mutationFn: login });
}
