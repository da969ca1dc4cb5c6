import { type Locale, loginRecordPageSchema, type PageQuery } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { toLocale } from '@/lib/locale-detection';
import type { QueryConfig } from '@/lib/query-client';

export type LoginRecordsParams = Pick<PageQuery, 'pageNo' | 'pageSize'>;

/** GET /sysUser/loginRecords: one page of the user's sign-ins and sign-outs, newest first. */
export function getLoginRecords({ pageNo, pageSize }: LoginRecordsParams, signal?: AbortSignal) {
  return apiClient.get('/sysUser/loginRecords', loginRecordPageSchema, {
    query: { pageNo: String(pageNo), pageSize: String(pageSize) },
    signal,
    // The table shows its own failure; a session end is still handled by the client.
    quiet: true,
  });
}

/** `locale` is part of the key because the server translates the messages. */
export function getLoginRecordsQueryOptions(params: LoginRecordsParams, locale: Locale) {
  return queryOptions({
    queryKey: ['account', 'login-records', params, locale],
    queryFn: ({ signal }) => getLoginRecords(params, signal),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useLoginRecords(
  params: LoginRecordsParams,
  config: QueryConfig<typeof getLoginRecordsQueryOptions> = {},
) {
  const { i18n } = useTranslation();
  return useQuery({ ...getLoginRecordsQueryOptions(params, toLocale(i18n.resolvedLanguage)), ...config });
}
