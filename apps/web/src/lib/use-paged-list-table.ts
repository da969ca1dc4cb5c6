import type { TableProps } from 'antd';
import { listAfterTableChange } from './list-table-change';
import { useShowTotal } from './show-total';
import type { ListPaging } from './url-filters';

/** What a server-paged list's query gives its table. */
interface PagedListQuery<Row> {
  isFetching: boolean;
  data?: { rows: Row[]; totalRows: number };
}

/**
 * A table's rows, pager and change handler for a list paged and sorted by the server, its page
 * and order kept in `state` (the address): one wiring for every such list. The list hands it its
 * query deferred (advisory-list.tsx, fleet-list.tsx), so the rows render in slices, not here.
 */
export function usePagedListTable<Row, State extends ListPaging<string>>(
  query: PagedListQuery<Row>,
  state: State,
  onChange: (next: State) => void,
): Pick<TableProps<Row>, 'loading' | 'dataSource' | 'pagination' | 'onChange'> {
  const showTotal = useShowTotal();
  const { data } = query;
  return {
    loading: query.isFetching,
    dataSource: data?.rows ?? [],
    pagination: {
      current: state.pageNo,
      pageSize: state.pageSize,
      total: data?.totalRows ?? 0,
      showSizeChanger: true,
      showTotal,
    },
    onChange: (pagination, _filters, sorter, extra) =>
      onChange(listAfterTableChange(state, pagination, sorter, extra)),
  };
}

/** Whether a list's first page has come, or failed: what it shows from then on is its final height's start. */
export const firstPageSettled = (query: { data?: unknown; error: unknown }) =>
  query.data !== undefined || Boolean(query.error);

/**
 * On a list's wrapper while its first page is on its way: the console hides its footer meanwhile
 * (shell/basic-layout.module.css), which the arriving rows would otherwise push down the screen
 * (a layout shift; the footer appearing later is none).
 */
export function firstPageMarker(query: { data?: unknown; error: unknown }): { 'data-page-loading'?: '' } {
  return firstPageSettled(query) ? {} : { 'data-page-loading': '' };
}
