import type { SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
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
const SAME_SIZE: TablePaginationConfig = { current: 3, pageSize: 20 };

describe('listAfterTableChange', () => {
  it.each<[string, TablePaginationConfig, SorterResult<unknown>, 'paginate' | 'sort', object]>([
    [
      'goes to the page asked for, keeping the order and the filters',
      { current: 4, pageSize: 20 },
      { columnKey: 'sn', order: 'ascend' },
      'paginate',
      { pageNo: 4 },
    ],
    [
      'starts over at the first page with a new page size',
      { current: 3, pageSize: 50 },
      {},
      'paginate',
      { pageNo: 1, pageSize: 50 },
    ],
    [
      'starts over at the first page with a new order, by the column key',
      SAME_SIZE,
      { columnKey: 'state', order: 'descend' },
      'sort',
      { pageNo: 1, sortField: 'state', sortOrder: 'descend' },
    ],
    [
      'drops the order when the sort is cleared',
      SAME_SIZE,
      { columnKey: 'sn', order: undefined },
      'sort',
      { pageNo: 1, sortField: undefined, sortOrder: undefined },
    ],
  ])('%s', (_, pagination, sorter, action, change) => {
    expect(listAfterTableChange(ON_PAGE_3, pagination, sorter, { action })).toEqual({
      ...ON_PAGE_3,
      ...change,
    });
  });
});

describe('columnSortOrder', () => {
  it("shows the list's order on its sort field's column only", () => {
    expect(columnSortOrder(ON_PAGE_3, 'sn')).toBe('ascend');
    expect(columnSortOrder(ON_PAGE_3, 'state')).toBeNull();
    expect(columnSortOrder({ pageNo: 1, pageSize: 20, sortField: 'sn' }, 'sn')).toBeNull();
  });
});
