import { art14CandidateSchema, art14CaseSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/** Every cached PSIRT query: a change refetches them all. */
export const PSIRT_KEY = ['psirt'] as const;

/** GET /staff/psirt/art14 (psirt:manage): every Art. 14 case with its deadlines, most urgent first. */
export function getArt14Cases(signal?: AbortSignal) {
  return apiClient.get('/staff/psirt/art14', z.array(art14CaseSchema), { signal, quiet: true });
}

export function useArt14Cases() {
  return useQuery({
    queryKey: [...PSIRT_KEY, 'art14'],
    queryFn: ({ signal }) => getArt14Cases(signal),
    // Deadlines move with the clock: a dashboard left open stays current.
    refetchInterval: 60_000,
  });
}

/** GET /staff/psirt/art14/candidates: advisories without a case yet. */
export function useArt14Candidates(enabled: boolean) {
  return useQuery({
    queryKey: [...PSIRT_KEY, 'art14', 'candidates'],
    queryFn: ({ signal }) =>
      apiClient.get('/staff/psirt/art14/candidates', z.array(art14CandidateSchema), { signal, quiet: true }),
    enabled,
  });
}
