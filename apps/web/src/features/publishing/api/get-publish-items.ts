import { type PUBLISH_ITEM_KINDS, publishItemPageSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { PUBLISHING_KEY } from './use-publishing-mutation';

export type PublishItemsParams = {
  pageNo: number;
  pageSize: number;
  q?: string;
  kind?: (typeof PUBLISH_ITEM_KINDS)[number];
};

/** GET /publishing/items: catalogue items with their version counts (staff, firmware:publish). */
export function getPublishItems({ pageNo, pageSize, q, kind }: PublishItemsParams, signal?: AbortSignal) {
  return apiClient.get('/publishing/items', publishItemPageSchema, {
    query: { pageNo: String(pageNo), pageSize: String(pageSize), q: q || undefined, kind },
    signal,
    quiet: true,
  });
}

export function usePublishItems(params: PublishItemsParams) {
  return useQuery(
    queryOptions({
      queryKey: [...PUBLISHING_KEY, 'items', params],
      queryFn: ({ signal }) => getPublishItems(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
