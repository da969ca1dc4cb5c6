import { describe, expect, it } from 'vitest';
import { columnSortOrder, listAfterTableChange } from './list-table-change';
import type { ListPaging } from './url-filters';

type Field = 'sn' | 'state';
const ON_PAGE_3: ListPaging<Field> & { keyword: string } = {
  keyword: 'bmc',
  pageNo: 3,
  pageSize: 20,
  sortField: 'sn',
  sortOrder: 'ascend',
};

describe('listAfterTableChange', () => {
  it('goes to the page asked for, keeping the order and the filters', () => {
    expect(
      listAfterTableChange(
        ON_PAGE_3,
        { current: 4, pageSize: 20 },
        { columnKey: 'sn', order: 'ascend' },
        {
          action: 'paginate',
        },
      ),
    ).toEqual({ ...ON_PAGE_3, pageNo: 4 });
  });

  it('starts over at the first page with a new page size', () => {
    expect(listAfterTableChange(ON_PAGE_3, { current: 3, pageSize: 50 }, {}, { action: 'paginate' })).toEqual(
      { ...ON_PAGE_3, pageNo: 1, pageSize: 50 },
    );
  });

  it('starts over at the first page with a new order, by the column key', () => {
    expect(
      listAfterTableChange(
        ON_PAGE_3,
        { current: 3, pageSize: 20 },
        { columnKey: 'state', order: 'descend' },
        {
          action: 'sort',
        },
      ),
    ).toEqual({ ...ON_PAGE_3, pageNo: 1, sortField: 'state', sortOrder: 'descend' });
  });

  it('drops the order when the sort is cleared', () => {
    expect(
      listAfterTableChange(
        ON_PAGE_3,
        { current: 3, pageSize: 20 },
        { columnKey: 'sn', order: undefined },
        {
          action: 'sort',
        },
      ),
    ).toEqual({ ...ON_PAGE_3, pageNo: 1, sortField: undefined, sortOrder: undefined });
  });
});

describe('columnSortOrder', () => {
  it("shows the list's order on its sort field's column only", () => {
    expect(columnSortOrder(ON_PAGE_3, 'sn')).toBe('ascend');
    expect(columnSortOrder(ON_PAGE_3, 'state')).toBeNull();
    expect(columnSortOrder({ pageNo: 1, pageSize: 20, sortField: 'sn' }, 'sn')).toBeNull();
  });
});
