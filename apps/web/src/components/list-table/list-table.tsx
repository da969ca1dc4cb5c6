import type { UseQueryResult } from '@tanstack/react-query';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import type { ApiError } from '@/lib/api-error';
import { CompactTable, type CompactTableProps } from './compact-table';

type ListTableProps<Row extends { id: number }> = Omit<
  CompactTableProps<Row>,
  'dataSource' | 'emptyText' | 'loading'
> & {
  /** The whole list, loaded at once (no paging: for short lists such as an account's tokens). */
  query: UseQueryResult<Row[], ApiError>;
  /**
   * The title of the alert shown when the list could not be loaded (the server's message below
   * it); without it the server's message is the title.
   */
  loadFailed?: string;
  emptyText: string;
  /** Defaults to the first load only; a list that should show its refetches passes `isFetching`. */
  loading?: boolean;
};

/**
 * A short list from one query as a compact table: spinner while loading, the failure announced
 * above it, the empty text when there is nothing, sideways scrolling on narrow screens.
 */
export function ListTable<Row extends { id: number }>({
  query,
  loadFailed,
  loading,
  ...tableProps
}: ListTableProps<Row>) {
  return (
    <>
      <FailureAlert failure={failureOf(query.error, loadFailed)} />
      <CompactTable<Row>
        {...tableProps}
        loading={loading ?? (query.isPending && !query.isError)}
        dataSource={query.data ?? []}
      />
    </>
  );
}
