import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '@portal/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** How a page's list state maps to its query parameters. */
export interface UrlCodec<T> {
  /** Never throws: a missing or invalid parameter reads as its default. */
  read(params: URLSearchParams): T;
  /** Sets (or removes) only the codec's own parameters in `params`. */
  write(value: T, params: URLSearchParams): void;
}

/**
 * List state kept in the query string, so a link or a reload shows the same list. Changes
 * `replace` the history entry (like `useTabParam`): a filter change is no page of its own for
 * the back button, and the multi-tab bar renames the page's tab instead of opening another.
 */
export function useUrlFilters<T>(codec: UrlCodec<T>): [T, (change: (current: T) => T) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = useMemo(() => codec.read(searchParams), [codec, searchParams]);
  // react-router hands a functional update the rendered parameters, so two changes in one event
  // would lose the first: each change builds on the last one written until the address catches up.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [searchParams]);
  // The updater keeps its identity across renders (it reads the latest through a ref), so a
  // memoised list body does not re-render for a new function each time.
  const latest = useRef({ codec, searchParams, setSearchParams });
  useEffect(() => {
    latest.current = { codec, searchParams, setSearchParams };
  });
  const update = useCallback((change: (current: T) => T) => {
    const { codec, searchParams, setSearchParams } = latest.current;
    const base = written.current ?? searchParams;
    const next = new URLSearchParams(base);
    codec.write(change(codec.read(base)), next);
    written.current = next;
    setSearchParams(next, { replace: true });
  }, []);
  return [value, update];
}

/** A whole number in 1..max written in plain digits; anything else (1.5, 1e2, -3, '') is no number. */
export function positiveInt(raw: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

/** `raw` when it is one of `values`. */
export const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => value === raw);

/** Sets `name` to `value`, or removes it when there is no value. */
export function setOrDelete(params: URLSearchParams, name: string, value: string | undefined): void {
  if (value === undefined || value === '') params.delete(name);
  else params.set(name, value);
}

export type SortOrder = 'ascend' | 'descend';
export const SORT_ORDERS: readonly SortOrder[] = ['ascend', 'descend'];

/** A list's page and order, under the names the API takes (pageNo, pageSize, sortField, sortOrder). */
export interface ListPaging<Field extends string> {
  pageNo: number;
  pageSize: number;
  sortField?: Field;
  sortOrder?: SortOrder;
}

/** Page and order from the address: an invalid value reads as the default, a page too large as the largest. */
export function readListPaging<Field extends string>(
  params: URLSearchParams,
  sortFields: readonly Field[],
): ListPaging<Field> {
  return {
    pageNo: positiveInt(params.get('pageNo')) ?? FIRST_PAGE,
    pageSize: Math.min(positiveInt(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sortField: oneOf(sortFields, params.get('sortField')),
    sortOrder: oneOf(SORT_ORDERS, params.get('sortOrder')),
  };
}

/** The query a list asks the API for: the order only with a field to sort by. */
export const listPagingQuery = <Field extends string>(paging: ListPaging<Field>): ListPaging<Field> => ({
  pageNo: paging.pageNo,
  pageSize: paging.pageSize,
  sortField: paging.sortField,
  sortOrder: paging.sortField ? paging.sortOrder : undefined,
});

/**
 * Writes `values` (a list's filters) and its page and order into `params`, leaving out empty
 * values and defaults so a plain list keeps a plain address.
 */
export function writeListState(
  values: Record<string, string | undefined>,
  paging: ListPaging<string>,
  params: URLSearchParams,
): void {
  const query = listPagingQuery(paging);
  const all: Record<string, string | undefined> = {
    ...values,
    pageNo: query.pageNo === FIRST_PAGE ? undefined : String(query.pageNo),
    pageSize: query.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(query.pageSize),
    sortField: query.sortField,
    sortOrder: query.sortOrder,
  };
  for (const [name, value] of Object.entries(all)) setOrDelete(params, name, value);
}

/** A filter changed: the list starts over at its first page. */
export const withFilter = <State extends { pageNo: number }>(
  state: State,
  change: Partial<State>,
): State => ({
  ...state,
  ...change,
  pageNo: FIRST_PAGE,
});
