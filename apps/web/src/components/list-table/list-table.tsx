import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import { FailureAlert } from '@/components/failure-alert';
import type { ApiError } from '@/lib/api-error';

interface ListTableProps<Row extends { id: number }> {
  /** The whole list, loaded at once (no paging: for short lists such as an account's tokens). */
  query: UseQueryResult<Row[], ApiError>;
  columns: TableColumnsType<Row>;
  /** The title of the alert shown when the list could not be loaded (the server's message below it). */
  loadFailed: string;
  emptyText: string;
  testId: string;
  onRow?: TableProps<Row>['onRow'];
}

/**
 * A short list from one query as a compact table: spinner while loading, the failure announced
 * above it, the empty text when there is nothing, sideways scrolling on narrow screens.
 */
export function ListTable<Row extends { id: number }>({
  query,
  columns,
  loadFailed,
  emptyText,
  testId,
  onRow,
}: ListTableProps<Row>) {
  return (
    <>
      <FailureAlert
        failure={query.isError ? { title: loadFailed, detail: query.error.message } : undefined}
      />
      <Table<Row>
        data-testid={testId}
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={query.isPending && !query.isError}
        dataSource={query.data ?? []}
        columns={columns}
        onRow={onRow}
        locale={{ emptyText }}
      />
    </>
  );
}
