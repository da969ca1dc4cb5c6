import { ErrorCode, UNAUTHORIZED_RELOAD_DELAY_MS } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { rejectionOf } from '@/test/api-error-expectations';
import { envelopeResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { apiClient } from './api-client';
import { loadPage, reloadPage } from './browser-location';
import { getAccessToken, setAccessToken } from './session';
import { readStored, writeStored } from './storage';

// jsdom cannot navigate; the reactions' page loads are observed instead.
vi.mock('./browser-location', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

const greetingSchema = z.object({ greeting: z.string() });

const notifier = setUpEachTest();

/* Exercised through apiClient, the only caller, so the wiring is covered too. */
describe('app-wide reactions to failed calls', () => {
  it('ends the session on a session-over code: token removed, notice shown, page reloaded later', async () => {
    vi.useFakeTimers();
    setAccessToken('expired-token');
    stubFetch({
      '/api/getLoginUser': () =>
        envelopeResponse({ code: ErrorCode.LOGIN_EXPIRED, message: 'Login has expired' }, 401),
    });

    const error = await rejectionOf(apiClient.get('/getLoginUser', greetingSchema));
    expect(error.code).toBe(ErrorCode.LOGIN_EXPIRED);
    expect(getAccessToken()).toBeUndefined();
    expect(notifier.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Unauthorized', description: 'Login has expired' }),
    );
    expect(reloadPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_RELOAD_DELAY_MS);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('goes to sign-in with the message stored instead of reloading when a tool request is pending', async () => {
    setAccessToken('tool-token');
    writeStored('requestTool', 'cli');
    stubFetch({
      '/api/getLoginUser': () =>
        envelopeResponse({ code: ErrorCode.TOKEN_INVALID, message: 'Request token error' }, 401),
    });

    await rejectionOf(apiClient.get('/getLoginUser', greetingSchema));
    expect(getAccessToken()).toBeUndefined();
    expect(readStored('loginError')).toBe('Request token error');
    expect(loadPage).toHaveBeenCalledWith('/user/login');
  });

  it('leaves the session alone when no token was sent (e.g. a frozen account at sign-in)', async () => {
    setAccessToken('other-tab-token');
    stubFetch({
      '/api/login': () => envelopeResponse({ code: ErrorCode.ACCOUNT_FROZEN, message: 'Frozen' }, 403),
    });

    const error = await rejectionOf(
      apiClient.post('/login', {}, greetingSchema, { anonymous: true, quiet: true }),
    );
    expect(error.code).toBe(ErrorCode.ACCOUNT_FROZEN);
    expect(getAccessToken()).toBe('other-tab-token');
    expect(notifier.notification.error).not.toHaveBeenCalled();
  });

  it('reports 403 as a Forbidden notification and 500 as an error toast, with the server message', async () => {
    stubFetch({
      '/api/secret': () =>
        envelopeResponse({ code: ErrorCode.NO_PERMISSION_RESOURCE, message: 'No access' }, 403),
      '/api/broken': () => envelopeResponse({ code: ErrorCode.SERVER_ERROR, message: 'Server broke' }, 500),
    });

    await rejectionOf(apiClient.get('/secret', greetingSchema));
    await rejectionOf(apiClient.get('/broken', greetingSchema));
    expect(notifier.notification.error).toHaveBeenCalledWith({
      title: 'Forbidden',
      description: 'No access',
    });
    expect(notifier.message.error).toHaveBeenCalledWith({ content: 'Server broke' });
  });

  it("shows the server's own message for 503 (storage or database away) and 507 (storage full), never a generic one", async () => {
    const away =
      'The service is briefly unavailable (its database or storage is recovering); please try again in 5 seconds';
    const full =
      "The server's storage is full: the file was not kept. Please try again later or contact the administrator";
    stubFetch({
      '/api/away': () => {
        const answer = envelopeResponse({ code: ErrorCode.SERVICE_UNAVAILABLE, message: away }, 503);
        answer.headers.set('Retry-After', '5');
        return answer;
      },
      '/api/full': () => envelopeResponse({ code: ErrorCode.STORAGE_FULL, message: full }, 507),
    });

    const unavailable = await rejectionOf(apiClient.get('/away', greetingSchema));
    expect(unavailable).toMatchObject({
      status: 503,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      retryAfterSeconds: 5,
    });
    expect(unavailable.isBackendUnreachable).toBe(false);
    await rejectionOf(apiClient.get('/full', greetingSchema));
    expect(notifier.message.error).toHaveBeenCalledWith({ content: away });
    expect(notifier.message.error).toHaveBeenCalledWith({ content: full });
  });
});
