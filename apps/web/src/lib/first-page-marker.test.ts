import { describe, expect, it } from 'vitest';
import { firstPageMarker } from './use-paged-list-table';

describe('firstPageMarker', () => {
  it('marks a list whose first page is on its way, and no longer once it came or failed', () => {
    expect(firstPageMarker({ data: undefined, error: null })).toEqual({ 'data-page-loading': '' });
    expect(firstPageMarker({ data: { rows: [], totalRows: 0 }, error: null })).toEqual({});
    expect(firstPageMarker({ data: undefined, error: new Error('503') })).toEqual({});
  });
});
