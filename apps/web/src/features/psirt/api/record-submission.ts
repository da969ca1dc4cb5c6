import { type Art14SubmissionInput, art14CaseSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { PSIRT_KEY } from './get-art14-cases';

/** POST /staff/psirt/art14/:id/submissions: a report went in on ENISA's platform. */
export function recordSubmission({ id, input }: { id: number; input: Art14SubmissionInput }) {
  return apiClient.post(`/staff/psirt/art14/${id}/submissions`, input, art14CaseSchema, { quiet: true });
}

export function useRecordSubmission() {
  return useInvalidatingMutation(PSIRT_KEY, recordSubmission);
}
