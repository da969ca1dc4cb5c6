import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRecords } from '../../db/schema';
import { publicItemCode } from '../../test/download-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addVersion, sha256 } from './downloads-test-kit';
import { sendfileAvailable } from './native-sendfile';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; reusedSocket: boolean };

/** A GET over a real socket (the sendfile path needs one; `inject` never has it). */
function get(url: string, options: { agent?: http.Agent; headers?: http.OutgoingHttpHeaders } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.get(url, { agent: options.agent, headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          reusedSocket: request.reusedSocket,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const openFds = () => readdirSync('/proc/self/fd').length;

// The bytes path does not depend on the database, so one driver is enough here; the range and
// record rules are tested on both drivers in downloads.test.ts and curl-resume.test.ts.
describe('downloads sent by the kernel (sendfile) over a real connection', () => {
  let t: TestApp;
  let origin: string;
  let itemCode: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    itemCode = await publicItemCode(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t.close());

  it('is available on Linux (npm ci builds the addon), so these tests cover it', () => {
    // Off Linux the portal streams through JavaScript, and downloads.test.ts covers that path.
    if (process.platform === 'linux') expect(sendfileAvailable).toBe(true);
  });

  it('sends the whole file, a range and a suffix range with the headers Fastify prepared', async () => {
    const version = await addVersion(t, {
      itemCode,
      fileName: '固件 v1.tar.gz',
      size: 5_000_003,
    });
    const url = `${origin}/api/downloads/${version.id}`;

    const whole = await get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe('5000003');
    expect(whole.headers.etag).toBe(`"${version.sha256}"`);
    expect(whole.headers['content-disposition']).toContain("filename*=UTF-8''%E5%9B%BA%E4%BB%B6");
    expect(whole.headers['x-request-id']).toBeTruthy();
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(sha256(whole.body)).toBe(version.sha256);

    const middle = await get(url, { headers: { range: 'bytes=1000000-1999999' } });
    expect(middle.status).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 1000000-1999999/5000003');
    expect(middle.body.equals(version.bytes.subarray(1_000_000, 2_000_000))).toBe(true);

    const suffix = await get(url, { headers: { range: 'bytes=-3' } });
    expect(suffix.status).toBe(206);
    expect(suffix.body.equals(version.bytes.subarray(-3))).toBe(true);

    const outside = await get(url, { headers: { range: 'bytes=5000003-' } });
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */5000003');
  });

  it('keeps the connection for the next request (keep-alive) and sends an empty file', async () => {
    const big = await addVersion(t, { itemCode, fileName: 'keep.tar.gz', size: 3_000_000 });
    const empty = await addVersion(t, { itemCode, fileName: 'empty.tar.gz', size: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${origin}/api/downloads/${big.id}`, { agent });
      const second = await get(`${origin}/api/downloads/${empty.id}`, { agent });
      const third = await get(`${origin}/api/downloads/${big.id}`, {
        agent,
        headers: { range: 'bytes=10-19' },
      });
      expect(sha256(first.body)).toBe(big.sha256);
      expect([second.status, second.body.length, second.headers['content-length']]).toEqual([200, 0, '0']);
      expect(third.body.equals(big.bytes.subarray(10, 20))).toBe(true);
      expect([second.reusedSocket, third.reusedSocket]).toEqual([true, true]);
    } finally {
      agent.destroy();
    }
  });

  it('records a cut transfer as partial, closes the file and keeps serving', async () => {
    const version = await addVersion(t, {
      itemCode,
      fileName: 'cut.tar.gz',
      size: 48 * 1024 * 1024,
    });
    const fdsBefore = openFds();
    let streamedThroughJavaScript = -1;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${origin}/api/downloads/${version.id}`, (response) => {
        // Read a little, then stop reading and go away: the kernel's buffers fill, the portal's
        // sendfile waits, and the reset has to end it.
        response.once('data', () => {
          response.pause();
          setTimeout(() => {
            // The JavaScript path would hold a chunk-budget slot while it streams.
            streamedThroughJavaScript = t.app.services.downloads.chunks.streaming;
            request.destroy();
            resolve();
          }, 200);
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    // The row exists from the first byte ('started'); the cut completes it as partial.
    await expect
      .poll(async () => {
        await t.app.services.downloads.drain();
        const rows = await t.db
          .select()
          .from(downloadRecords)
          .where(eq(downloadRecords.versionId, version.id));
        return rows.map((row) => row.status);
      })
      .toEqual(['partial']);
    const [record] = await t.db
      .select()
      .from(downloadRecords)
      .where(eq(downloadRecords.versionId, version.id));
    expect(streamedThroughJavaScript).toBe(0);
    expect(record?.status).toBe('partial');
    expect(record?.bytes).toBeGreaterThan(0);
    expect(record?.bytes).toBeLessThan(48 * 1024 * 1024);
    // The file handle and the duplicated socket are closed again.
    await expect.poll(openFds).toBeLessThanOrEqual(fdsBefore);

    const after = await get(`${origin}/api/downloads/${version.id}`, { headers: { range: 'bytes=0-9' } });
    expect(after.body.equals(version.bytes.subarray(0, 10))).toBe(true);
  });
});

describe('with DOWNLOAD_SENDFILE=off over a real connection', () => {
  let t: TestApp;
  let origin: string;
  let itemCode: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { config: { DOWNLOAD_SENDFILE: 'off' } });
    itemCode = await publicItemCode(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t.close());

  it('streams the same bytes through JavaScript', async () => {
    const version = await addVersion(t, { itemCode, fileName: 'js.tar.gz', size: 2_500_000 });
    const answer = await get(`${origin}/api/downloads/${version.id}`, { headers: { range: 'bytes=100-' } });
    expect(answer.status).toBe(206);
    expect(answer.body.equals(version.bytes.subarray(100))).toBe(true);
    await t.app.services.downloads.drain();
    expect(t.app.services.downloads.chunks.streaming).toBe(0);
  });
});
