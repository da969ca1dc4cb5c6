import { FIRST_PAGE } from '@portal/contract';
import type {
  SortOrder as ColumnSortOrder,
  SorterResult,
  TableCurrentDataSource,
  TablePaginationConfig,
} from 'antd/es/table/interface';
import type { ListPaging } from './url-filters';

/** The order a column header shows: the list's own when the list is sorted by that column's field. */
export const columnSortOrder = <Field extends string>(
  paging: ListPaging<Field>,
  field: Field,
): ColumnSortOrder => (paging.sortField === field ? (paging.sortOrder ?? null) : null);

/**
 * A server-paged list's state after its table's `onChange`, the sortable columns keyed by their
 * sort field. A new order or page size starts over at the first page, as the row offsets change.
 */
export function listAfterTableChange<State extends ListPaging<string>, Row>(
  state: State,
  pagination: TablePaginationConfig,
  sorter: SorterResult<Row> | SorterResult<Row>[],
  { action }: Pick<TableCurrentDataSource<Row>, 'action'>,
): State {
  const sort = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = sort?.order ? (sort.columnKey as State['sortField']) : undefined;
  const sortChanged = action === 'sort';
  return {
    ...state,
    pageNo:
      sortChanged || pagination.pageSize !== state.pageSize ? FIRST_PAGE : (pagination.current ?? FIRST_PAGE),
    pageSize: pagination.pageSize ?? state.pageSize,
    sortField: sortChanged ? field : state.sortField,
    sortOrder: sortChanged ? (sort?.order ?? undefined) : state.sortOrder,
  };
}
