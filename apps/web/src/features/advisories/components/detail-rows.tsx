import { Descriptions, Grid, Table } from 'antd';
import type { ReactNode } from 'react';

/** One field of a row: its heading and how it reads. */
export interface RowField<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
}

interface Props<Row> {
  rows: Row[];
  fields: RowField<Row>[];
  rowKey: (row: Row) => string;
  testId: string;
}

/**
 * Rows of a detail page: a table where there is room; on a phone one block per row (label beside
 * value), since a table scrolling sideways would hide columns.
 */
export function DetailRows<Row extends object>({ rows, fields, rowKey, testId }: Props<Row>) {
  const phone = Grid.useBreakpoint().xs === true;
  if (phone)
    return (
      <div data-testid={testId}>
        {rows.map((row) => (
          <Descriptions
            key={rowKey(row)}
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 12 }}
            items={fields.map((field) => ({
              key: field.key,
              label: field.label,
              children: field.render(row),
            }))}
          />
        ))}
      </div>
    );
  return (
    <Table<Row>
      rowKey={rowKey}
      size="small"
      pagination={false}
      // No sideways scrolling: long vectors and descriptions wrap inside their cells.
      columns={fields.map((field) => ({
        key: field.key,
        title: field.label,
        render: (_, row) => field.render(row),
      }))}
      dataSource={rows}
      data-testid={testId}
    />
  );
}
