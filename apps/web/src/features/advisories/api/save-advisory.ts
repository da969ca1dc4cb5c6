import { type AdvisoryInput, staffAdvisoryDetailSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { ADVISORIES_KEY } from './advisory-keys';

/** POST /staff/advisories (a new draft) or PUT /staff/advisories/:id (the working copy). */
export function saveAdvisory({ id, input }: { id?: number; input: AdvisoryInput }) {
  return id === undefined
    ? apiClient.post('/staff/advisories', input, staffAdvisoryDetailSchema, { quiet: true })
    : apiClient.put(`/staff/advisories/${id}`, input, staffAdvisoryDetailSchema, { quiet: true });
}

export function useSaveAdvisory() {
  return useInvalidatingMutation(ADVISORIES_KEY, saveAdvisory);
}
