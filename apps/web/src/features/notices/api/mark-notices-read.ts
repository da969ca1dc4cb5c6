import { type NoticePage, noticeReadResultSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { noticesQueryKey } from './get-notices';

/** Either some notices by id or all of the user's notices (the contract refuses an empty body). */
export type MarkNoticesReadBody = { ids: number[] } | { all: true };

/** POST /notices/read: answers how many changed and the unread count left. */
export function markNoticesRead(body: MarkNoticesReadBody) {
  return apiClient.post('/notices/read', body, noticeReadResultSchema);
}

function withRead(page: NoticePage, body: MarkNoticesReadBody, unread: number): NoticePage {
  const marked = 'all' in body ? () => true : (id: number) => body.ids.includes(id);
  return {
    ...page,
    unread,
    rows: page.rows.map((notice) => (marked(notice.id) ? { ...notice, read: true } : notice)),
  };
}

/**
 * Marks notices read and updates every cached page at once, so the badge and the bold titles
 * change without waiting for the refetch that follows (which picks up any newer notice).
 */
export function useMarkNoticesRead(config: MutationConfig<typeof markNoticesRead> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: markNoticesRead,
    onSuccess: (...args) => {
      const [result, body] = args;
      queryClient.setQueriesData<NoticePage>({ queryKey: noticesQueryKey }, (page) =>
        page ? withRead(page, body, result.unread) : page,
      );
      void queryClient.invalidateQueries({ queryKey: noticesQueryKey });
      return config.onSuccess?.(...args);
    },
  });
}
