import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { setAccessToken } from '@/lib/session';
import { envelopeResponse, stubFetch } from '@/test/fetch-stub';
import { DownloadRefused, downloadUrlOf, startDownload } from './start-download';

/** The links handed to the browser, captured instead of navigating (jsdom cannot). */
function captureLinkClicks() {
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return clicked;
}

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

describe('downloadUrlOf', () => {
  it("carries the signed-in reader's token and language, and no token for the public pages", () => {
    setAccessToken('tok en');
    expect(downloadUrlOf(7)).toBe('/api/downloads/7?locale=en-US&token=tok+en');
    expect(downloadUrlOf(7, true)).toBe('/api/downloads/7?locale=en-US');
  });
});

describe('startDownload', () => {
  it('checks with HEAD, then hands the link to the browser', async () => {
    setAccessToken('t1');
    const fetchStub = stubFetch({ '/api/downloads/5': () => new Response(null, { status: 200 }) });
    const clicked = captureLinkClicks();
    await startDownload(5);
    expect(fetchStub.mock.calls.map(([, init]) => init?.method)).toEqual(['HEAD']);
    expect(clicked).toEqual([{ href: '/api/downloads/5?locale=en-US&token=t1', download: '' }]);
  });

  it("rejects with the server's translated reason and starts nothing when refused", async () => {
    const fetchStub = stubFetch({
      '/api/downloads/6': (_url, init) =>
        init.method === 'HEAD'
          ? new Response(null, { status: 404 })
          : envelopeResponse({ code: 1019004, message: 'File does not exist' }, 404),
    });
    const clicked = captureLinkClicks();
    const refusal = startDownload(6);
    await expect(refusal).rejects.toBeInstanceOf(DownloadRefused);
    await expect(refusal).rejects.toThrow('File does not exist');
    expect(fetchStub.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['HEAD', 'GET']);
    expect(clicked).toEqual([]);
  });

  it("says 'Download failed' when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(startDownload(8)).rejects.toThrow('Download failed');
  });
});
