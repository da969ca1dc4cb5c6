import {
  CATALOG_SORT_FIELDS,
  type CatalogSortField,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  MAX_PAGE_SIZE,
} from '@portal/contract';

export type SortOrder = 'ascend' | 'descend';
const SORT_ORDERS: readonly SortOrder[] = ['ascend', 'descend'];

/** Paging and sort of a version table (spec 3: pageNo, pageSize, optional sortField and sortOrder). */
export interface TablePaging {
  pageNo: number;
  pageSize: number;
  sortField?: CatalogSortField;
  sortOrder?: SortOrder;
}

export const FIRST_PAGE_PAGING: TablePaging = { pageNo: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE };

/** Query parameter names: short, as they end up in links people copy. */
const PARAM = { pageNo: 'page', pageSize: 'size', sortField: 'sort', sortOrder: 'order' } as const;

/** A whole number in 1..max written in plain digits; anything else (1.5, 1e2, -3, '') is no number. */
function positiveInt(raw: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => value === raw);

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

/** Sets `name` to `value`, or removes it when there is no value. */
export function setOrDelete(params: URLSearchParams, name: string, value: string | undefined): void {
  if (value === undefined || value === '') params.delete(name);
  else params.set(name, value);
}
