import { dictNodeSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { writeStored } from '@/lib/storage';

export const dictTreeSchema = z.array(dictNodeSchema);

/** GET /sysDictType/tree. Also kept in local storage (spec 3), which sign-out clears. */
export async function getDictTree(signal?: AbortSignal) {
  const tree = await apiClient.get('/sysDictType/tree', dictTreeSchema, { signal });
  writeStored('dictTree', tree);
  return tree;
}

export function getDictTreeQueryOptions() {
  return queryOptions({
    queryKey: ['dict', 'tree'],
    queryFn: ({ signal }) => getDictTree(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDictTree(config: QueryConfig<typeof getDictTreeQueryOptions> = {}) {
  return useQuery({ ...getDictTreeQueryOptions(), ...config });
}
