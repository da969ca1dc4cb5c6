import { Table, type TableProps } from 'antd';

export type CompactTableProps<Row> = Omit<TableProps<Row>, 'size' | 'pagination' | 'scroll' | 'locale'> & {
  /** On the table's wrapper, for tests. */
  testId: string;
  /** What an empty list says; antd's own text without it. */
  emptyText?: string;
};

/**
 * A short list shown whole, alike everywhere in the console: small rows, no pager, sideways
 * scrolling on narrow screens, rows keyed by `id` unless `rowKey` says otherwise. For rows the
 * caller already holds; `ListTable` wraps it for a list loaded by one query.
 */
export function CompactTable<Row extends object>({
  testId,
  emptyText,
  rowKey = 'id',
  ...tableProps
}: CompactTableProps<Row>) {
  return (
    <Table<Row>
      data-testid={testId}
      rowKey={rowKey}
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={emptyText === undefined ? undefined : { emptyText }}
      {...tableProps}
    />
  );
}
