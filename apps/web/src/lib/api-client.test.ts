import { ACCESS_VERSION_HEADER, API_TIMEOUT_MS, ErrorCode } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { rejectionOf } from '@/test/api-error-expectations';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { onAccessChange, resetAccessVersion } from './access-version';
import { apiClient } from './api-client';
import { ClientErrorCode } from './api-error';
import { changeLocale } from './i18n';
import { setAccessToken } from './session';

const greetingSchema = z.object({ greeting: z.string() });
const requestOf = (fetchStub: ReturnType<typeof stubFetch>, index = 0) => {
  const [input, init] = fetchStub.mock.calls[index] ?? [];
  return { url: new URL(String(input), 'http://localhost'), headers: new Headers(init?.headers) };
};
const notifier = setUpEachTest();

describe('apiClient requests', () => {
  it('sends the stored token as a bearer header and the UI language', async () => {
    setAccessToken('token-1');
    await changeLocale('zh-CN');
    const fetchStub = stubFetch({ '/api/hello': () => okResponse({ greeting: 'hi' }) });

    await expect(apiClient.get('/hello', greetingSchema)).resolves.toEqual({ greeting: 'hi' });

    const { url, headers } = requestOf(fetchStub);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
    expect(url.searchParams.get('locale')).toBe('zh-CN');
  });

  it('sends no bearer header without a token or for anonymous calls', async () => {
    const fetchStub = stubFetch({ '/api/hello': () => okResponse({ greeting: 'hi' }) });
    await apiClient.get('/hello', greetingSchema);
    setAccessToken('token-1');
    await apiClient.get('/hello', greetingSchema, { anonymous: true });

    expect(requestOf(fetchStub, 0).headers.has('Authorization')).toBe(false);
    expect(requestOf(fetchStub, 1).headers.has('Authorization')).toBe(false);
  });

  it('keeps caller query parameters next to locale and posts JSON', async () => {
    const fetchStub = stubFetch({ '/api/login': () => okResponse({ greeting: 'hi' }) });
    await apiClient.post('/login', { account: 'a' }, greetingSchema, {
      query: { code: 'ab12', skip: undefined },
    });

    const { url, headers } = requestOf(fetchStub);
    expect(url.search).toBe('?code=ab12&locale=en-US');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(fetchStub.mock.calls[0]?.[1]?.body).toBe('{"account":"a"}');
  });
});

describe('apiClient methods and bodies', () => {
  it('sends PUT and DELETE with their method', async () => {
    const fetchStub = stubFetch({ '/api/things/1': () => okResponse({ greeting: 'hi' }) });
    await apiClient.put('/things/1', { a: 1 }, greetingSchema);
    await apiClient.delete('/things/1', greetingSchema);

    expect(fetchStub.mock.calls.map(([, init]) => init?.method)).toEqual(['PUT', 'DELETE']);
    expect(fetchStub.mock.calls[0]?.[1]?.body).toBe('{"a":1}');
    expect(fetchStub.mock.calls[1]?.[1]?.body).toBeUndefined();
  });

  it('posts FormData as it is, leaving the multipart Content-Type to fetch', async () => {
    const fetchStub = stubFetch({ '/api/upload': () => okResponse({ greeting: 'hi' }) });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiClient.post('/upload', form, greetingSchema);

    expect(fetchStub.mock.calls[0]?.[1]?.body).toBe(form);
    expect(requestOf(fetchStub).headers.has('Content-Type')).toBe(false);
  });

  it('reads a file as a Blob with the bearer header, and a failed download as an ApiError', async () => {
    setAccessToken('token-1');
    const fetchStub = stubFetch({
      '/api/file': () => new Response('png-bytes', { status: 200, headers: { 'Content-Type': 'image/png' } }),
      '/api/missing': () =>
        envelopeResponse({ code: ErrorCode.FILE_NOT_FOUND, message: 'No such file' }, 404),
    });

    const blob = await apiClient.blob('/file', { query: { id: '7' } });
    expect(await blob.text()).toBe('png-bytes');
    expect(requestOf(fetchStub).headers.get('Authorization')).toBe('Bearer token-1');
    expect(requestOf(fetchStub).url.searchParams.get('id')).toBe('7');

    const error = await rejectionOf(apiClient.blob('/missing', { quiet: true }));
    expect(error).toMatchObject({ code: ErrorCode.FILE_NOT_FOUND, status: 404, message: 'No such file' });
  });
});

describe('apiClient failures', () => {
  it('turns an error envelope into an ApiError with code, status, message and data', async () => {
    const fieldErrors = [{ field: 'account', message: 'too long' }];
    stubFetch({
      '/api/hello': () =>
        envelopeResponse({ code: ErrorCode.PARAM_ERROR, message: 'Bad input', data: fieldErrors }, 400),
    });

    const error = await rejectionOf(apiClient.get('/hello', greetingSchema));
    expect(error).toMatchObject({ code: ErrorCode.PARAM_ERROR, status: 400, message: 'Bad input' });
    expect(error.data).toEqual(fieldErrors);
  });

  it('carries the Retry-After seconds of a 429 answer, and none without the header', async () => {
    const tooSoon = () =>
      new Response(JSON.stringify({ success: false, code: 1016001, message: 'Too soon', data: null }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
      });
    stubFetch({ '/api/hello': tooSoon });
    expect(await rejectionOf(apiClient.get('/hello', greetingSchema))).toMatchObject({
      status: 429,
      retryAfterSeconds: 42,
    });

    stubFetch({ '/api/hello': () => envelopeResponse({ message: 'Bad input' }, 400) });
    expect((await rejectionOf(apiClient.get('/hello', greetingSchema))).retryAfterSeconds).toBeUndefined();
  });

  it.each([
    ['zh-CN', '后端未启动或代理错误'],
    ['en-US', 'Backend not started or proxy error'],
  ] as const)('reports a network failure in %s as "%s"', async (locale, text) => {
    await changeLocale(locale);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await rejectionOf(apiClient.get('/hello', greetingSchema));
    expect(error).toMatchObject({ code: ClientErrorCode.NETWORK, status: 0, message: text });
    expect(notifier.message.error).toHaveBeenCalledWith(expect.objectContaining({ content: text }));
  });

  it('treats a non-envelope answer (a proxy error page) like an unreachable backend', async () => {
    stubFetch({ '/api/hello': () => new Response('<html>Bad Gateway</html>', { status: 502 }) });

    const error = await rejectionOf(apiClient.get('/hello', greetingSchema));
    expect(error).toMatchObject({
      code: ClientErrorCode.NOT_AN_ENVELOPE,
      message: 'Backend not started or proxy error',
    });
  });

  it(`gives up after API_TIMEOUT_MS (${API_TIMEOUT_MS} ms)`, async () => {
    vi.useFakeTimers();
    const hangingFetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', hangingFetch);

    let settled = false;
    const call = rejectionOf(apiClient.get('/slow', greetingSchema)).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toMatchObject({
      code: ClientErrorCode.TIMEOUT,
      message: 'Backend not started or proxy error',
    });
  });

  it('rejects data that does not match the schema', async () => {
    stubFetch({ '/api/hello': () => okResponse({ greeting: 42 }) });

    const error = await rejectionOf(apiClient.get('/hello', greetingSchema));
    expect(error.code).toBe(ClientErrorCode.SCHEMA_MISMATCH);
  });
});

describe('apiClient and the access version', () => {
  const answerAt = (version: number, response: Response) => {
    response.headers.set(ACCESS_VERSION_HEADER, String(version));
    return response;
  };

  it('takes the version of the user load as shown, and any newer answer, a refusal too, as a change', async () => {
    const reload = vi.fn();
    const stop = onAccessChange(reload);
    let version = 3;
    stubFetch({
      '/api/getLoginUser': () => answerAt(version, okResponse({ greeting: 'me' })),
      '/api/hello': () => answerAt(version, okResponse({ greeting: 'hi' })),
      '/api/secret': () =>
        answerAt(version, envelopeResponse({ code: ErrorCode.NO_PERMISSION_RESOURCE }, 403)),
    });
    try {
      await apiClient.get('/getLoginUser', greetingSchema, { loadsUser: true });
      await apiClient.get('/hello', greetingSchema);
      expect(reload).not.toHaveBeenCalled();

      version = 4;
      await rejectionOf(apiClient.get('/secret', greetingSchema, { quiet: true }));
      expect(reload).toHaveBeenCalledTimes(1);
      await apiClient.get('/getLoginUser', greetingSchema, { loadsUser: true });
      await apiClient.get('/hello', greetingSchema);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      resetAccessVersion();
    }
  });
});
