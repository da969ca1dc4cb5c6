import { type OutboxEntry, outboxPageSchema, type PageQuery } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type OutboxChannel = OutboxEntry['channel'];
export type OutboxParams = Pick<PageQuery, 'pageNo' | 'pageSize'> & { channel: OutboxChannel };

/** GET /sysMessage/outbox (permission sysOutbox:page): one page of sent mail or SMS, newest first. */
export function getOutbox({ channel, pageNo, pageSize }: OutboxParams, signal?: AbortSignal) {
  return apiClient.get('/sysMessage/outbox', outboxPageSchema, {
    query: { channel, pageNo: String(pageNo), pageSize: String(pageSize) },
    signal,
    // The table shows its own failure (including a missing permission).
    quiet: true,
  });
}

export function getOutboxQueryOptions(params: OutboxParams) {
  return queryOptions({
    queryKey: ['system', 'outbox', params],
    queryFn: ({ signal }) => getOutbox(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(params: OutboxParams, config: QueryConfig<typeof getOutboxQueryOptions> = {}) {
  return useQuery({ ...getOutboxQueryOptions(params), ...config });
}
