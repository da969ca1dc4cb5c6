import { downloadRecordPageSchema, type Locale, type PageQuery } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import { toLocale } from '@/lib/locale-detection';

export type DownloadRecordsParams = Pick<PageQuery, 'pageNo' | 'pageSize'>;

/** GET /sysUser/downloadRecords: one page of the user's downloads, newest first. */
export function getDownloadRecords({ pageNo, pageSize }: DownloadRecordsParams, signal?: AbortSignal) {
  return apiClient.get('/sysUser/downloadRecords', downloadRecordPageSchema, {
    query: { pageNo: String(pageNo), pageSize: String(pageSize) },
    signal,
    quiet: true,
  });
}

/** `locale` is part of the key because item names come in the reader's language. */
export function getDownloadRecordsQueryOptions(params: DownloadRecordsParams, locale: Locale) {
  return queryOptions({
    queryKey: ['account', 'download-records', params, locale],
    queryFn: ({ signal }) => getDownloadRecords(params, signal),
    placeholderData: keepPreviousData,
    // A download made a moment ago in another tab should be there when the tab is opened.
    staleTime: 0,
  });
}

export function useDownloadRecords(params: DownloadRecordsParams) {
  const { i18n } = useTranslation();
  return useQuery(getDownloadRecordsQueryOptions(params, toLocale(i18n.resolvedLanguage)));
}
