import { Table, type TableProps } from 'antd';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useShowTotal } from '@/lib/show-total';
import { type Paging, nextPaging } from './use-paged-params';

/** The part of a React Query result over a server page that the table reads. */
export interface PagedQuery<Row> {
  data?: { rows: Row[]; totalRows: number };
  isFetching: boolean;
  error: Error | null;
}

export type PagedTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'loading'> & {
  query: PagedQuery<Row>;
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
  /** The summary beside the pager; every table's "1-10 of 23" (lib/show-total) unless a list counts otherwise. */
  totalText?: (range: { from: number; to: number; total: number }) => string;
  /** A fixed title over the server's message when loading fails; without it the message is the title. */
  errorTitle?: string;
  emptyText?: string;
  /** Defaults to any fetch; a polled list passes only the first load so rows do not flicker. */
  loading?: boolean;
  /** The page size menu; on by default. */
  sizeChanger?: boolean;
  /** On the wrapper, which also holds the error and the pager. */
  testId?: string;
};

/**
 * A table over one server page (spec 3 paging): the load error above it, the rows, and the pager
 * with its summary. Filters and columns stay with the caller.
 */
export function PagedTable<Row extends object>({
  query,
  paging,
  onPagingChange,
  totalText,
  errorTitle,
  emptyText,
  loading,
  sizeChanger = true,
  testId,
  ...tableProps
}: PagedTableProps<Row>) {
  const { error } = query;
  const showTotal = useShowTotal();
  return (
    <div data-testid={testId}>
      <FailureAlert failure={failureOf(error, errorTitle)} />
      <Table<Row>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        {...tableProps}
        loading={loading ?? query.isFetching}
        dataSource={query.data?.rows ?? []}
        locale={emptyText ? { emptyText } : tableProps.locale}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: query.data?.totalRows ?? 0,
          showSizeChanger: sizeChanger,
          showTotal: totalText ? (total, [from, to]) => totalText({ from, to, total }) : showTotal,
          onChange: (pageNo, pageSize) => onPagingChange(nextPaging(paging, pageNo, pageSize)),
        }}
      />
    </div>
  );
}
