import { staffAdvisoryDetailSchema } from '@portal/contract';
import { apiClient } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { ADVISORIES_KEY } from './advisory-keys';

export type ReviewStep =
  | { action: 'submit'; id: number }
  | { action: 'approve'; id: number }
  | { action: 'reject'; id: number; comment: string };

/**
 * POST /staff/advisories/:id/{submit,approve,reject}: draft -> in_review -> approved, or back
 * to draft with a comment. The server refuses an approval by the last editor.
 */
export function reviewAdvisory(step: ReviewStep) {
  const body = step.action === 'reject' ? { comment: step.comment } : {};
  return apiClient.post(`/staff/advisories/${step.id}/${step.action}`, body, staffAdvisoryDetailSchema, {
    quiet: true,
  });
}

export function useReviewAdvisory() {
  return useInvalidatingMutation(ADVISORIES_KEY, reviewAdvisory);
}
