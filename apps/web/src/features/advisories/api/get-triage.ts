import { type AdvisoryTriageQuery, advisoryTriageSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /staff/advisories/triage (advisory:write): the models and cards whose released firmware's
 * SBOM contains a CVE's component, as starting rows under investigation (VEX triage).
 */
export function getTriage(query: AdvisoryTriageQuery, signal?: AbortSignal) {
  return apiClient.get('/staff/advisories/triage', advisoryTriageSchema, { query, signal });
}

/** Asked on demand (the triage dialog's search button), so a mutation rather than a query. */
export function useTriage() {
  return useMutation({ mutationFn: (query: AdvisoryTriageQuery) => getTriage(query) });
}
