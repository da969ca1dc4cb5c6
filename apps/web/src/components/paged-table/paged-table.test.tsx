import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@portal/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable, type PagedQuery } from './paged-table';
import { nextPaging, type Paging } from './use-paged-params';

type Row = { id: number; name: string };

const rowsOf = (count: number, from = 1): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, name: `row ${from + index}` }));

function renderTable(query: PagedQuery<Row>, props: { paging?: Paging; errorTitle?: string } = {}) {
  const onPagingChange = vi.fn();
  render(
    <PagedTable<Row>
      testId="paged"
      query={query}
      paging={props.paging ?? { pageNo: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE }}
      onPagingChange={onPagingChange}
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      errorTitle={props.errorTitle}
      emptyText="Nothing here"
      totalText={({ from, to, total }) => `${from}-${to} of ${total}`}
    />,
  );
  return onPagingChange;
}

const bodyRows = () => Array.from(screen.getByTestId('paged').querySelectorAll('tbody tr.ant-table-row'));

describe('nextPaging', () => {
  it('keeps the chosen page at the same size and starts over at the first page at a new size', () => {
    expect(nextPaging({ pageNo: 1, pageSize: 10 }, 3, 10)).toEqual({ pageNo: 3, pageSize: 10 });
    expect(nextPaging({ pageNo: 3, pageSize: 10 }, 3, 20)).toEqual({ pageNo: FIRST_PAGE, pageSize: 20 });
  });
});

describe('PagedTable', () => {
  it('shows the rows of the page, the summary, and asks for the page the user picks', async () => {
    const onPagingChange = renderTable({
      data: { rows: rowsOf(10), totalRows: 23 },
      isFetching: false,
      error: null,
    });
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]?.textContent).toBe('row 1');
    expect(screen.getByText('1-10 of 23')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(onPagingChange).toHaveBeenCalledWith({ pageNo: 3, pageSize: 10 }));
  });

  it('says so when there are no rows', () => {
    renderTable({ data: { rows: [], totalRows: 0 }, isFetching: false, error: null });
    expect(screen.getByText('Nothing here')).toBeTruthy();
  });

  it('shows a failed load as an alert: the fixed title over the server message, or the message alone', () => {
    renderTable({ isFetching: false, error: new Error('Server is down') }, { errorTitle: 'Loading failed' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Loading failed');
    expect(alert.textContent).toContain('Server is down');
  });

  it('shows the server message as the title when there is no fixed one', () => {
    renderTable({ isFetching: false, error: new Error('Server is down') });
    expect(screen.getByRole('alert').textContent).toBe('Server is down');
  });
});
