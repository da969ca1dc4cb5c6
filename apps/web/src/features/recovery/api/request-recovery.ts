import { recoverSentSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export interface RequestRecoveryInput {
  /** Account name or email address. */
  account: string;
  /** The text of the captcha image; omitted when the server has captcha switched off. */
  captcha?: string;
}

/**
 * POST /auth/recover?code=<captcha> mails a single-use link to the account's address. The
 * answer is the same whether the account exists or not. The form shows failures itself.
 */
export function requestRecovery({ account, captcha }: RequestRecoveryInput) {
  return apiClient.post('/auth/recover', { account }, recoverSentSchema, {
    query: { code: captcha },
    anonymous: true,
    quiet: true,
  });
}

export function useRequestRecovery(config: MutationConfig<typeof requestRecovery> = {}) {
  return useMutation({ ...config, mutationFn: requestRecovery });
}
