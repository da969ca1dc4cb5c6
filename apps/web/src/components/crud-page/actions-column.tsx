import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { RowActions } from './row-action';

interface ActionsColumn<Row> {
  title: string;
  /** The test id of the row's actions cell, e.g. `role-actions-${row.code}`. */
  testId: (row: Row) => string;
  /** The row's `RowAction`s. */
  render: (row: Row) => ReactNode;
}

/**
 * The last column of an admin table: the row's actions, pinned to the right edge so that they
 * stay in reach while a wide table scrolls sideways.
 */
export function actionsColumn<Row>({
  title,
  testId,
  render,
}: ActionsColumn<Row>): TableColumnsType<Row>[number] {
  return {
    title,
    key: 'actions',
    fixed: 'right',
    render: (_, row) => <RowActions testId={testId(row)}>{render(row)}</RowActions>,
  };
}
