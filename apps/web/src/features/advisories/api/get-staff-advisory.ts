import { staffAdvisoryDetailSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADVISORIES_KEY } from './advisory-keys';

/** GET /staff/advisories/:id: the working copy (its input) with state, history and the last editor. */
export function getStaffAdvisory(id: number, signal?: AbortSignal) {
  return apiClient.get(`/staff/advisories/${id}`, staffAdvisoryDetailSchema, { signal, quiet: true });
}

export function useStaffAdvisory(id: number | undefined) {
  return useQuery({
    queryKey: [...ADVISORIES_KEY, 'staff', 'detail', id],
    queryFn: ({ signal }) => getStaffAdvisory(id ?? 0, signal),
    enabled: id !== undefined,
  });
}
