import { modelSupportSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

const SUPPORT_KEY = ['publishing', 'support-periods'] as const;

/** GET /staff/models/support (firmware:publish): every model with its end of security support. */
export function useSupportPeriods() {
  return useQuery({
    queryKey: SUPPORT_KEY,
    queryFn: ({ signal }) =>
      apiClient.get('/staff/models/support', z.array(modelSupportSchema), { signal, quiet: true }),
  });
}

/** PUT /staff/models/:id/support-end: `YYYY-MM`, or null to clear (audited). */
export function setSupportEnd({ id, end }: { id: number; end: string | null }) {
  return apiClient.put(`/staff/models/${id}/support-end`, { securitySupportEnd: end }, modelSupportSchema, {
    quiet: true,
  });
}

export function useSetSupportEnd() {
  return useInvalidatingMutation(SUPPORT_KEY, setSupportEnd);
}
