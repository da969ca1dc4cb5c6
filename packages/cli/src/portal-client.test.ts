import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from './cli-error.ts';
import { EXIT } from './exit-codes.ts';
import { MAX_RATE_LIMIT_RETRIES, MAX_UNAVAILABLE_RETRIES, PortalClient } from './portal-client.ts';

let server: http.Server | undefined;
afterEach(() => server?.close());

/** A portal stand-in answering `status` (Retry-After `retryAfter`) `limited` times, then 200. */
async function limitedPortal(limited: number, retryAfter: string, status = 429) {
  let requests = 0;
  server = http.createServer((request, response) => {
    requests += 1;
    if (requests <= limited) {
      response.writeHead(status, { 'content-type': 'application/json', 'retry-after': retryAfter });
      response.end(
        JSON.stringify({
          code: 1026006,
          success: false,
          message: `slow down (${request.headers['accept-language']})`,
          data: null,
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 0, success: true, message: '', data: { ok: true } }));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests: () => requests };
}

describe('429 Too Many Requests', () => {
  it('is waited out as Retry-After asks, then the request goes through', async () => {
    const portal = await limitedPortal(2, '0');
    const waits: number[] = [];
    const client = new PortalClient({
      url: portal.url,
      token: 'fwp_x',
      locale: 'en-US',
      onRateLimited: (s) => waits.push(s),
    });
    expect(await client.json('/api/x')).toEqual({ ok: true });
    expect(waits).toEqual([0, 0]);
    expect(portal.requests()).toBe(3);
  });

  it('gives up after a bounded number of tries, with the server message', async () => {
    const portal = await limitedPortal(100, '0');
    const client = new PortalClient({ url: portal.url, locale: 'zh-CN' });
    const error = await client.json('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      exitCode: EXIT.error,
      params: { code: 1026006, message: 'slow down (zh-CN)' },
    });
    expect(portal.requests()).toBe(MAX_RATE_LIMIT_RETRIES + 1);
  });

  it('does not wait hours for the daily byte quota', async () => {
    const portal = await limitedPortal(1, '36000');
    const client = new PortalClient({ url: portal.url, locale: 'en-US' });
    await expect(client.json('/api/x')).rejects.toBeInstanceOf(CliError);
    expect(portal.requests()).toBe(1);
  });
});

describe('503 Service Unavailable with Retry-After (the database or storage restarting)', () => {
  it('a read is sent again as Retry-After asks, then goes through', async () => {
    const portal = await limitedPortal(3, '0', 503);
    const waits: number[] = [];
    const client = new PortalClient({
      url: portal.url,
      locale: 'en-US',
      onUnavailable: (s) => waits.push(s),
    });
    expect(await client.json('/api/x')).toEqual({ ok: true });
    expect(waits).toEqual([0, 0, 0]);
    expect(portal.requests()).toBe(4);
  });

  it('a read gives up after a bounded number of tries, with the server message', async () => {
    const portal = await limitedPortal(100, '0', 503);
    const client = new PortalClient({ url: portal.url, locale: 'zh-CN' });
    await expect(client.json('/api/x')).rejects.toMatchObject({ params: { message: 'slow down (zh-CN)' } });
    expect(portal.requests()).toBe(MAX_UNAVAILABLE_RETRIES + 1);
  });

  it('a POST is never sent twice', async () => {
    const portal = await limitedPortal(1, '0', 503);
    const client = new PortalClient({ url: portal.url, locale: 'en-US' });
    await expect(client.json('/api/x', { method: 'POST', body: {} })).rejects.toBeInstanceOf(CliError);
    expect(portal.requests()).toBe(1);
  });

  it('a 503 without Retry-After (a proxy with nothing behind it) is reported at once', async () => {
    const portal = await limitedPortal(1, '', 503);
    const client = new PortalClient({ url: portal.url, locale: 'en-US' });
    await expect(client.json('/api/x')).rejects.toBeInstanceOf(CliError);
    expect(portal.requests()).toBe(1);
  });
});
