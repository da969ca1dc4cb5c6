import { advisoryFixCandidateSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { ADVISORIES_KEY } from './advisory-keys';

export type FixProducts = { modelIds: number[]; pns: string[] };

/**
 * GET /staff/advisories/fix-candidates?modelIds=&pns= (advisory:write): the versions of the items
 * for these models or part numbers that an advisory may name as fixes, drafts included.
 */
export function getFixCandidates({ modelIds, pns }: FixProducts, signal?: AbortSignal) {
  return apiClient.get('/staff/advisories/fix-candidates', z.array(advisoryFixCandidateSchema), {
    query: { modelIds: modelIds.join(',') || undefined, pns: pns.join(',') || undefined },
    signal,
    quiet: true,
  });
}

export function useFixCandidates(products: FixProducts) {
  return useQuery({
    queryKey: [...ADVISORIES_KEY, 'fix-candidates', products],
    queryFn: ({ signal }) => getFixCandidates(products, signal),
    enabled: products.modelIds.length > 0 || products.pns.length > 0,
    placeholderData: keepPreviousData,
  });
}
