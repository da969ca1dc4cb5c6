import { type AdvisoryStatus, staffAdvisoryPageSchema } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADVISORIES_KEY } from './advisory-keys';

export type StaffAdvisoryParams = {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  status?: AdvisoryStatus;
};

/** GET /staff/advisories (advisory:write): every advisory in any state, newest change first. */
export function getStaffAdvisories(
  { pageNo, pageSize, keyword, status }: StaffAdvisoryParams,
  signal?: AbortSignal,
) {
  return apiClient.get('/staff/advisories', staffAdvisoryPageSchema, {
    query: { pageNo: String(pageNo), pageSize: String(pageSize), keyword: keyword || undefined, status },
    signal,
    quiet: true,
  });
}

export function useStaffAdvisories(params: StaffAdvisoryParams) {
  return useQuery({
    queryKey: [...ADVISORIES_KEY, 'staff', 'list', params],
    queryFn: ({ signal }) => getStaffAdvisories(params, signal),
    placeholderData: keepPreviousData,
  });
}
