import { fireEvent, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { actionsColumn } from './actions-column';
import { RowAction } from './row-action';

type Row = { id: number; code: string };

describe('actionsColumn', () => {
  it("pins the row's actions right, named per row, and keeps their clicks from the row", () => {
    const onEdit = vi.fn();
    const onRowClick = vi.fn();
    const column = actionsColumn<Row>({
      title: 'Actions',
      testId: (row) => `role-actions-${row.code}`,
      render: (row) => <RowAction onClick={() => onEdit(row.id)}>Edit</RowAction>,
    });
    expect(column).toMatchObject({ title: 'Actions', key: 'actions', fixed: 'right' });
    render(
      <Table<Row>
        rowKey="id"
        dataSource={[{ id: 7, code: 'ops' }]}
        columns={[{ title: 'Code', dataIndex: 'code' }, column]}
        onRow={() => ({ onClick: onRowClick })}
        pagination={false}
      />,
    );
    const cell = screen.getByTestId('role-actions-ops');
    fireEvent.click(cell.querySelector('button') as HTMLButtonElement);
    expect(onEdit).toHaveBeenCalledWith(7);
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
