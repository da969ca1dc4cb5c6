import {
  CATALOG_SORT_FIELDS,
  type CatalogSortField,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  MAX_PAGE_SIZE,
} from '@portal/contract';
import { type ListPaging, oneOf, positiveInt, SORT_ORDERS, setOrDelete } from '@/lib/url-filters';

export type { SortOrder } from '@/lib/url-filters';

/** Paging and sort of a version table (spec 3: pageNo, pageSize, optional sortField and sortOrder). */
export type TablePaging = ListPaging<CatalogSortField>;

export const FIRST_PAGE_PAGING: TablePaging = { pageNo: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE };

/** Query parameter names: short, as they end up in links people copy. */
const PARAM = { pageNo: 'page', pageSize: 'size', sortField: 'sort', sortOrder: 'order' } as const;

/** Paging from the address; a value that is not a valid one falls back to the default. */
export function readPaging(params: URLSearchParams): TablePaging {
  const sortField = oneOf(CATALOG_SORT_FIELDS, params.get(PARAM.sortField));
  const sortOrder = oneOf(SORT_ORDERS, params.get(PARAM.sortOrder));
  return {
    pageNo: positiveInt(params.get(PARAM.pageNo)) ?? FIRST_PAGE,
    pageSize: positiveInt(params.get(PARAM.pageSize), MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
    // A sort needs both halves, as the table sets them together.
    ...(sortField && sortOrder ? { sortField, sortOrder } : {}),
  };
}

/** Writes paging into `params`, leaving defaults out so a plain list keeps a plain address. */
export function writePaging(paging: TablePaging, params: URLSearchParams): void {
  setOrDelete(params, PARAM.pageNo, paging.pageNo === FIRST_PAGE ? undefined : String(paging.pageNo));
  setOrDelete(
    params,
    PARAM.pageSize,
    paging.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(paging.pageSize),
  );
  const sorted = paging.sortField !== undefined && paging.sortOrder !== undefined;
  setOrDelete(params, PARAM.sortField, sorted ? paging.sortField : undefined);
  setOrDelete(params, PARAM.sortOrder, sorted ? paging.sortOrder : undefined);
}
