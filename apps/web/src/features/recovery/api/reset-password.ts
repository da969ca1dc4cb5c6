import type { ResetPasswordBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** POST /auth/recover/reset: sets the password through the link's token, which is then spent. */
export function resetPassword(body: ResetPasswordBody) {
  return apiClient.post('/auth/recover/reset', body, z.null(), { anonymous: true, quiet: true });
}

export function useResetPassword(config: MutationConfig<typeof resetPassword> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword });
}
