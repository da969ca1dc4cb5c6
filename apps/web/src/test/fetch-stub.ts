import type { Envelope } from '@portal/contract';
import { vi } from 'vitest';

/** An API answer as the server sends it: the envelope as JSON, with an HTTP status. */
export function envelopeResponse<T>(envelope: Partial<Envelope<T>> & { data?: T }, status = 200): Response {
  const body: Envelope<T | null> = {
    success: status < 400,
    code: status < 400 ? 200 : 1016002,
    message: status < 400 ? 'success' : 'error',
    data: null,
    ...envelope,
  };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const okResponse = <T>(data: T) => envelopeResponse({ success: true, code: 200, data });

export type FetchRoute = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces global fetch with a stub that answers by path ('/api/login' -> handler).
 * Unknown paths fail loudly so a test never silently hits an unexpected endpoint.
 */
export function stubFetch(routes: Record<string, FetchRoute>) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[url.pathname];
    if (!route) throw new Error(`unexpected fetch of ${url.pathname}`);
    return route(url, init);
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

/** The paths fetched so far, in order. */
export function fetchedPaths(fetchStub: ReturnType<typeof stubFetch>): string[] {
  return fetchStub.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

/**
 * A route over a paged list (spec 3): answers each request with the page its `pageNo` and
 * `pageSize` ask for, out of all `rows`, as the server would.
 */
export function pagedRoute<Row>(rows: readonly Row[]): FetchRoute {
  return (url) => {
    const pageNo = Number(url.searchParams.get('pageNo'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    return okResponse({
      rows: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      totalRows: rows.length,
      pageNo,
    });
  };
}
