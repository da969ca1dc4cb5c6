import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { HTMLAttributes } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { CompactTable } from './compact-table';
import { ListTable } from './list-table';

type Row = { id: number; name: string };

/** What every ListTable of these tests shows, whatever its query. */
const LIST = { testId: 'list', columns: [{ title: 'Name', dataIndex: 'name' }], emptyText: 'Nothing here' };

const bodyRows = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('tbody tr.ant-table-row'));

/** A ListTable over a real query answering `load`. */
function Harness({ load, loadFailed }: { load: () => Promise<Row[]>; loadFailed?: string }) {
  const query = useQuery({ queryKey: ['rows'], queryFn: load });
  return <ListTable<Row> {...LIST} query={query} loadFailed={loadFailed} />;
}

function renderList(load: () => Promise<Row[]>, loadFailed?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness load={load} loadFailed={loadFailed} />
    </QueryClientProvider>,
  );
}

const refused = () => Promise.reject(new ApiError({ code: 1, status: 500, message: 'Server is down' }));

describe('ListTable', () => {
  it('shows the rows of the query, keyed by id', async () => {
    renderList(async () => [
      { id: 7, name: 'first' },
      { id: 9, name: 'second' },
    ]);
    expect(await screen.findByText('second')).toBeTruthy();
    expect(bodyRows('list').map((row) => row.getAttribute('data-row-key'))).toEqual(['7', '9']);
  });

  it('says so when the list is empty', async () => {
    renderList(async () => []);
    expect(await screen.findByText('Nothing here')).toBeTruthy();
  });

  it('announces a failed load: the fixed title over the server message', async () => {
    renderList(refused, 'Loading failed');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loading failed');
    expect(alert.textContent).toContain('Server is down');
  });

  it('makes the server message the title when there is no fixed one', async () => {
    renderList(refused);
    expect((await screen.findByRole('alert')).textContent).toBe('Server is down');
  });
});

describe('CompactTable', () => {
  it('keys rows by the field given, passes row handlers on and shows its empty text', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <CompactTable<{ sn: string }>
        testId="compact"
        rowKey="sn"
        dataSource={[{ sn: 'SN1' }, { sn: 'SN2' }]}
        columns={[{ title: 'SN', dataIndex: 'sn' }]}
        onRow={(row) => ({ onClick: () => onClick(row.sn) }) as HTMLAttributes<HTMLElement>}
        emptyText="No serials"
      />,
    );
    expect(bodyRows('compact').map((row) => row.getAttribute('data-row-key'))).toEqual(['SN1', 'SN2']);
    fireEvent.click(screen.getByText('SN2'));
    expect(onClick).toHaveBeenCalledWith('SN2');
    rerender(
      <CompactTable<{ sn: string }>
        testId="compact"
        rowKey="sn"
        dataSource={[]}
        columns={[{ title: 'SN', dataIndex: 'sn' }]}
        emptyText="No serials"
      />,
    );
    expect(screen.getByText('No serials')).toBeTruthy();
  });
});
