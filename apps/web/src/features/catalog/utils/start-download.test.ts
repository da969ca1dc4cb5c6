import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { clearSession, setAccessToken } from '@/lib/session';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { captureLinkClicks } from '@/test/link-clicks';
import { DownloadRefused, startDownload, taskResultLink, versionLink } from './start-download';

const ticketAnswer = (ticket: string) => () =>
  okResponse({ url: '/api/downloads/5', ticket, expiresAt: '2026-11-25T11:05:00.000Z' });

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

describe('versionLink', () => {
  it('asks the server for a ticket and never puts the session token in the link', async () => {
    setAccessToken('session-secret');
    const fetchStub = stubFetch({ '/api/downloads/7/ticket': ticketAnswer('tk 1') });
    const link = await versionLink(7);
    expect(link).toBe('/api/downloads/7?locale=en-US&ticket=tk+1');
    expect(link).not.toContain('session-secret');
    expect(fetchStub.mock.calls.map(([, init]) => init?.method)).toEqual(['POST']);
  });

  it('gives the public pages a plain link without asking for a ticket', async () => {
    setAccessToken('t');
    const fetchStub = stubFetch({});
    expect(await versionLink(7, '/api/downloads/7', true)).toBe('/api/downloads/7?locale=en-US');
    clearSession();
    expect(await versionLink(7)).toBe('/api/downloads/7?locale=en-US');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("a refused ticket rejects with the server's translated reason", async () => {
    setAccessToken('t');
    stubFetch({
      '/api/downloads/9/ticket': () => envelopeResponse({ code: 1019002, message: 'No permission' }, 404),
    });
    const refusal = versionLink(9);
    await expect(refusal).rejects.toBeInstanceOf(DownloadRefused);
    await expect(refusal).rejects.toThrow('No permission');
  });
});

describe('taskResultLink', () => {
  it("links my task's result with a ticket of its own", async () => {
    setAccessToken('t');
    stubFetch({ '/api/tasks/3/result/ticket': ticketAnswer('tr') });
    expect(await taskResultLink(3)).toBe('/api/tasks/3/result?locale=en-US&ticket=tr');
  });
});

describe('startDownload', () => {
  it('takes a ticket, checks with HEAD, then hands the link to the browser', async () => {
    setAccessToken('t1');
    const fetchStub = stubFetch({
      '/api/downloads/5/ticket': ticketAnswer('k5'),
      '/api/downloads/5': () => new Response(null, { status: 200 }),
    });
    const clicked = captureLinkClicks();
    await startDownload(5);
    expect(fetchStub.mock.calls.map(([, init]) => init?.method)).toEqual(['POST', 'HEAD']);
    expect(clicked).toEqual([{ href: '/api/downloads/5?locale=en-US&ticket=k5', download: '' }]);
  });

  it("rejects with the server's translated reason and starts nothing when refused", async () => {
    const fetchStub = stubFetch({
      '/api/downloads/6': (_url, init) =>
        init.method === 'HEAD'
          ? new Response(null, { status: 404 })
          : envelopeResponse({ code: 1019004, message: 'File does not exist' }, 404),
    });
    const clicked = captureLinkClicks();
    const refusal = startDownload(6, true);
    await expect(refusal).rejects.toBeInstanceOf(DownloadRefused);
    await expect(refusal).rejects.toThrow('File does not exist');
    expect(fetchStub.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['HEAD', 'GET']);
    expect(clicked).toEqual([]);
  });

  it("gives the server's reason when the file store is away (503), not 'Download failed'", async () => {
    const away =
      'The service is briefly unavailable (its database or storage is recovering); please try again in 5 seconds';
    stubFetch({
      '/api/downloads/7': (_url, init) =>
        init.method === 'HEAD'
          ? new Response(null, { status: 503, headers: { 'Retry-After': '5' } })
          : envelopeResponse({ code: 1016004, message: away }, 503),
    });
    const clicked = captureLinkClicks();
    await expect(startDownload(7, true)).rejects.toThrow(away);
    expect(clicked).toEqual([]);
  });

  it("says 'Download failed' when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(startDownload(8, true)).rejects.toThrow('Download failed');
  });
});
