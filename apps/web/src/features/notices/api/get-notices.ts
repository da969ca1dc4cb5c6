import { type Locale, noticePageSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_POPOVER } from '@/config/console';
import { apiClient } from '@/lib/api-client';
import { toLocale } from '@/lib/locale-detection';
import type { QueryConfig } from '@/lib/query-client';

/** Prefix of every cached notice page, so marking notices read can update all of them. */
export const noticesQueryKey = ['notices'] as const;

export interface NoticeListParams {
  pageNo: number;
  pageSize: number;
  unreadOnly?: boolean;
}

/** What the bell shows: the newest page, read or not; its `unread` feeds the badge. */
export const LATEST_NOTICES: NoticeListParams = { pageNo: 1, pageSize: NOTICE_POPOVER.pageSize };

/** GET /notices: the user's notices, newest first, with the unread count. */
export function getNotices({ pageNo, pageSize, unreadOnly = false }: NoticeListParams, signal?: AbortSignal) {
  return apiClient.get('/notices', noticePageSchema, {
    query: { pageNo: String(pageNo), pageSize: String(pageSize), unreadOnly: String(unreadOnly) },
    signal,
    // The bell polls in the background: a failed poll keeps the last count instead of toasting
    // every minute, and the popover shows the failure itself. A session end is still handled.
    quiet: true,
  });
}

/** `locale` is part of the key because the server translates the titles. */
export function getNoticesQueryOptions(params: NoticeListParams, locale: Locale) {
  return queryOptions({
    queryKey: [...noticesQueryKey, params, locale],
    queryFn: ({ signal }) => getNotices(params, signal),
    // After a language switch the badge keeps its count while the translated page loads.
    placeholderData: keepPreviousData,
    refetchInterval: NOTICE_POPOVER.refreshMs,
    // Unlike the app default, coming back to the window always refreshes: a new notice may
    // have arrived while the user was away, and the request is tiny.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useNotices(
  params: NoticeListParams = LATEST_NOTICES,
  config: QueryConfig<typeof getNoticesQueryOptions> = {},
) {
  const { i18n } = useTranslation();
  return useQuery({ ...getNoticesQueryOptions(params, toLocale(i18n.resolvedLanguage)), ...config });
}
