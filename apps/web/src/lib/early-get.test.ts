import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { apiClient } from './api-client';
import { composeApiUrl, startEarlyGet, takeEarlyGet } from './early-get';
import { setAccessToken } from './session';

const rowsSchema = z.object({ rows: z.array(z.number()) });
const PATH = '/public/rows';

setUpEachTest();

describe('early GET answers', () => {
  it('builds the address as every call does: the query, then the language', () => {
    expect(composeApiUrl(PATH, { kind: 'A,B', q: undefined, pageNo: '1' }, 'zh-CN')).toBe(
      '/api/public/rows?kind=A%2CB&pageNo=1&locale=zh-CN',
    );
  });

  it("serves the page's first anonymous GET of the same address from the early request, once", async () => {
    let served = 0;
    const fetchStub = stubFetch({ '/api/public/rows': () => okResponse({ rows: [++served] }) });
    startEarlyGet(composeApiUrl(PATH, { pageNo: '1' }, 'en-US'), 'en-US');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchStub.mock.calls[0]?.[1]?.headers).get('Accept-Language')).toBe('en-US');

    const query = { pageNo: '1' };
    await expect(apiClient.get(PATH, rowsSchema, { query, anonymous: true })).resolves.toEqual({ rows: [1] });
    expect(fetchStub).toHaveBeenCalledTimes(1);
    // A refetch asks the server again.
    await expect(apiClient.get(PATH, rowsSchema, { query, anonymous: true })).resolves.toEqual({ rows: [2] });
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('is not used for a call with a token, nor for another address', async () => {
    let served = 0;
    const fetchStub = stubFetch({ '/api/public/rows': () => okResponse({ rows: [++served] }) });
    startEarlyGet(composeApiUrl(PATH, { pageNo: '1' }, 'en-US'), 'en-US');
    await apiClient.get(PATH, rowsSchema, { query: { pageNo: '2' }, anonymous: true });
    setAccessToken('secret');
    await expect(apiClient.get(PATH, rowsSchema, { query: { pageNo: '1' } })).resolves.toEqual({ rows: [3] });
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(new Headers(fetchStub.mock.calls[2]?.[1]?.headers).get('Authorization')).toBe('Bearer secret');
  });

  it('drops an answer nobody took, so it is never served stale', async () => {
    vi.useFakeTimers();
    stubFetch({ '/api/public/rows': () => okResponse({ rows: [1] }) });
    const url = composeApiUrl(PATH, {}, 'en-US');
    startEarlyGet(url, 'en-US');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(takeEarlyGet(url)).toBeUndefined();
  });

  it('leaves a failed early request to the call that takes it', async () => {
    stubFetch({ '/api/public/rows': () => Promise.reject(new TypeError('offline')) });
    startEarlyGet(composeApiUrl(PATH, {}, 'en-US'), 'en-US');
    await expect(apiClient.get(PATH, rowsSchema, { anonymous: true })).rejects.toMatchObject({ status: 0 });
  });
});
