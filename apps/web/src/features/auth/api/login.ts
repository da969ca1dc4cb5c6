import type { LoginBody, LoginResult } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** The contract's loginResultSchema in zod/mini, for the same reason as in get-public-config. */
const loginResultSchema = z.object({ token: z.string() }) satisfies z.ZodMiniType<LoginResult>;

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
