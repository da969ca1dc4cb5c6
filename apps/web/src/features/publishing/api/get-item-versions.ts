import { publishVersionSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { PUBLISHING_KEY } from './use-publishing-mutation';

/** GET /publishing/items/:id/versions: every version of an item, drafts and recalled ones too. */
export function getItemVersions(itemId: number, signal?: AbortSignal) {
  return apiClient.get(`/publishing/items/${itemId}/versions`, z.array(publishVersionSchema), {
    signal,
    quiet: true,
  });
}

export function useItemVersions(itemId: number | undefined) {
  return useQuery({
    queryKey: [...PUBLISHING_KEY, 'versions', itemId],
    queryFn: ({ signal }) => getItemVersions(itemId ?? 0, signal),
    enabled: itemId !== undefined,
  });
}
