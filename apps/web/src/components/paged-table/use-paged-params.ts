import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@portal/contract';
import { useState } from 'react';

/** Which page of a server-paged list to ask for. */
export interface Paging {
  pageNo: number;
  pageSize: number;
}

/** The paging after the user picked `pageNo` at `pageSize`: a new page size starts over at the first page, as the row offsets change. */
export function nextPaging(current: Paging, pageNo: number, pageSize: number): Paging {
  return { pageNo: pageSize === current.pageSize ? pageNo : FIRST_PAGE, pageSize };
}

/**
 * The query of a server-paged list: paging plus filters. `filter` changes filters and starts over
 * at the first page (the old page may no longer exist); `page` changes the paging only.
 */
export function usePagedParams<Params extends Paging>(filters?: Omit<Params, keyof Paging>) {
  const [params, setParams] = useState<Params>(
    () => ({ ...filters, pageNo: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE }) as Params,
  );
  const filter = (patch: Partial<Omit<Params, keyof Paging>>) =>
    setParams((current) => ({ ...current, ...patch, pageNo: FIRST_PAGE }));
  const page = (paging: Paging) => setParams((current) => ({ ...current, ...paging }));
  return { params, filter, page };
}
