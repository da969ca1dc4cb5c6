import { taskCreatedSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/**
 * POST /fleet/bundle {sns}: "download what is missing", an SN bundle task of the outdated and
 * vulnerable components of these servers (at most 500). 409 FLEET_NOTHING_MISSING: none are.
 */
export function createFleetBundle(sns: string[]) {
  return apiClient.post('/fleet/bundle', { sns }, taskCreatedSchema, { quiet: true });
}

export function useCreateFleetBundle(config: MutationConfig<typeof createFleetBundle> = {}) {
  return useMutation({ ...config, mutationFn: createFleetBundle });
}
