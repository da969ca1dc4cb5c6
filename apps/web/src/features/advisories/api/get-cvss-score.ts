import { cvssScoreSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADVISORIES_KEY } from './advisory-keys';

/** GET /staff/advisories/cvss?vector=: the base score and rating the server computes from a vector. */
export function getCvssScore(vector: string, signal?: AbortSignal) {
  return apiClient.get('/staff/advisories/cvss', cvssScoreSchema, { query: { vector }, signal, quiet: true });
}

/** The live preview beside a vector field; `vector` should already be debounced. */
export function useCvssScore(vector: string) {
  return useQuery({
    queryKey: [...ADVISORIES_KEY, 'cvss', vector],
    queryFn: ({ signal }) => getCvssScore(vector, signal),
    enabled: vector.trim() !== '',
    retry: false,
    staleTime: Infinity,
  });
}
