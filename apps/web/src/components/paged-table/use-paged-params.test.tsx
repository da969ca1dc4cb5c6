import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@portal/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePagedParams } from './use-paged-params';

type Params = { pageNo: number; pageSize: number; q?: string; channel: 'mail' | 'sms' };

describe('usePagedParams', () => {
  it('starts at the first page of the default size with the given filters', () => {
    const { result } = renderHook(() => usePagedParams<Params>({ channel: 'mail' }));
    expect(result.current.params).toEqual({
      channel: 'mail',
      pageNo: FIRST_PAGE,
      pageSize: DEFAULT_PAGE_SIZE,
    });
  });

  it('keeps filters when paging and starts over at the first page when a filter changes', () => {
    const { result } = renderHook(() => usePagedParams<Params>({ channel: 'mail' }));
    act(() => result.current.filter({ q: 'abc' }));
    act(() => result.current.page({ pageNo: 3, pageSize: 20 }));
    expect(result.current.params).toEqual({ channel: 'mail', q: 'abc', pageNo: 3, pageSize: 20 });
    act(() => result.current.filter({ channel: 'sms' }));
    expect(result.current.params).toEqual({ channel: 'sms', q: 'abc', pageNo: FIRST_PAGE, pageSize: 20 });
  });
});
