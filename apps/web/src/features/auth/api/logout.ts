import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/**
 * GET /logout revokes the token on the server. `quiet` because the sign-out flow shows the
 * failure itself (spec 8: "Logout failure: error's message shown").
 */
export function logout() {
  return apiClient.get('/logout', z.unknown(), { quiet: true });
}

export function useLogout(config: MutationConfig<typeof logout> = {}) {
  return useMutation({ ...config, mutationFn: logout });
}
