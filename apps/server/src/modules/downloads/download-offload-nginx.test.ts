import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicItemCode } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { startNginx } from '../../test/nginx-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addVersion } from './downloads-test-kit';
import { serverRoot } from '../../lib/server-root';
import { freePort } from '../../test/free-port';

/**
 * The guards of deploy/nginx/portal.conf (the `if` lines on Range and If-Range, and its offload
 * location with `max_ranges`), read from that file so the test runs what is shipped.
 */
function shippedOffloadLines(filesDir: string): string[] {
  const conf = fs.readFileSync(path.join(serverRoot, '../../deploy/nginx/portal.conf'), 'utf8');
  const guards = conf.split('\n').filter((line) => /^\s*if \(\$http_(range|if_range) /.test(line));
  const offload = /# (location \/protected-files\/ \{.*\})/.exec(conf)?.[1];
  expect(guards).toHaveLength(2);
  expect(offload).toContain('max_ranges 1;');
  return [...guards, (offload ?? '').replace(/alias \S+;/, `alias ${filesDir}/;`)];
}

/** nginx in front of the portal as deploy/nginx/portal.conf has it, with the offload location. */
const offloadServer = (port: number, portalPort: number, filesDir: string) => `  server {
    listen 127.0.0.1:${port};
    ${shippedOffloadLines(filesDir).join('\n    ')}
    location /api/ {
      proxy_pass http://127.0.0.1:${portalPort};
      proxy_buffering off;
    }
  }`;

/** A GET written by hand: fetch would not send a tab inside a header value. */
async function rawGet(
  base: string,
  target: string,
  headerLines: string[],
): Promise<{ status: number; bytes: number }> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [`GET ${target} HTTP/1.1`, `Host: ${hostname}`, 'Connection: close', ...headerLines, '', ''].join('\r\n'),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const answer = Buffer.concat(chunks);
  const headEnd = answer.indexOf('\r\n\r\n');
  return { status: Number(answer.subarray(9, 12).toString()), bytes: answer.length - headEnd - 4 };
}

// The real nginx serves the bytes (DOWNLOAD_OFFLOAD=x-accel): what a resuming client sends
// back (nginx's own ETag or Last-Modified in If-Range) must be charged as the range it gets.
describe('downloads offloaded to a real nginx', () => {
  let t: TestApp;
  let nginx: ChildProcess;
  let base = '';
  let itemCode = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      config: {
        DOWNLOAD_OFFLOAD: 'x-accel',
        DOWNLOAD_OFFLOAD_PREFIX: '/protected-files/',
        API_ACCOUNT_BYTES_PER_DAY: 10_000,
      },
    });
    itemCode = await publicItemCode(t);
    const portalUrl = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const port = await freePort();
    nginx = startNginx(dir, offloadServer(port, Number(portalUrl.port), path.join(t.dataDir, 'files')));
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nginx did not answer: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
  }, 60_000);

  /** A new customer's token that may download, under the account's 10,000 bytes a day. */
  const downloadToken = async () => {
    const owner = await createUser(t.db, { roleCodes: ['customer'] });
    const created = await t.app.services.apiTokens.create(owner.id, {
      name: 'offload',
      scopes: ['download'],
      expiresInDays: 1,
    });
    return created.token;
  };

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("charges a resume with nginx's ETag or date in If-Range as the range nginx sends", async () => {
    const version = await addVersion(t, { itemCode, fileName: 'resume.iso', size: 4000 });
    const token = await downloadToken();
    const get = async (headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}/api/downloads/${version.id}`, {
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    };

    const whole = await get();
    expect(whole.response.status).toBe(200);
    expect(whole.body.equals(version.bytes)).toBe(true);
    const etag = whole.response.headers.get('etag') ?? '';
    const lastModified = whole.response.headers.get('last-modified') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]+-fa0"$/); // nginx's own: mtime and size (4000) in hex

    // 4,000 charged so far of 10,000. Each resume gets (and is charged) its range only.
    const resumed = await get({ range: 'bytes=1000-2999', 'if-range': etag });
    expect(resumed.response.status).toBe(206);
    expect(resumed.body.equals(version.bytes.subarray(1000, 3000))).toBe(true);
    const byDate = await get({ range: 'bytes=3000-', 'if-range': lastModified });
    expect(byDate.response.status).toBe(206);
    expect(byDate.body.equals(version.bytes.subarray(3000))).toBe(true);
    // 7,000 charged: a stale validator gets the whole file from nginx, and is charged it.
    const stale = await get({ range: 'bytes=0-99', 'if-range': '"5f0-fa0"' });
    expect(stale.response.status).toBe(429);
    // The right time in a form nginx does not read (ISO 8601) gets the whole file too.
    const iso = new Date(lastModified).toISOString();
    expect((await get({ range: 'bytes=0-99', 'if-range': iso })).response.status).toBe(429);
    expect((await get({ range: 'bytes=0-99', 'if-range': `W/${etag}` })).response.status).toBe(429);
    const last = await get({ range: 'bytes=0-2999', 'if-range': etag });
    expect(last.response.status).toBe(206);
    expect((await get({ range: 'bytes=0-0', 'if-range': etag })).response.status).toBe(429);
  });

  it('refuses what nginx and the portal would read differently: a tab in Range or If-Range, several ranges', async () => {
    const version = await addVersion(t, { itemCode, fileName: 'guarded.iso', size: 4000 });
    const token = await downloadToken();
    const target = `/api/downloads/${version.id}`;
    const auth = `Authorization: Bearer ${token}`;
    const etag = (
      await fetch(`${base}${target}`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } })
    ).headers.get('etag');
    // Node reads "bytes=0-0" and the exact ETag here; nginx would not, and send the whole file.
    expect(await rawGet(base, target, [auth, 'Range:\tbytes=0-0'])).toMatchObject({ status: 400 });
    expect(await rawGet(base, target, [auth, 'Range: bytes=0-0', `If-Range: ${etag}\t`])).toMatchObject({
      status: 400,
    });
    // Several ranges: the whole file, as charged (not a multipart answer larger than the file).
    const many = await rawGet(base, target, [auth, `Range: bytes=${Array(50).fill('0-0').join(',')}`]);
    expect(many).toEqual({ status: 200, bytes: 4000 });
    // 4,000 charged: two ranges of 3,000 no longer both fit in 10,000.
    expect((await rawGet(base, target, [auth, 'Range: bytes=0-2999'])).status).toBe(206);
    expect((await rawGet(base, target, [auth, 'Range: bytes=0-2999'])).status).toBe(206);
    expect((await rawGet(base, target, [auth, 'Range: bytes=0-2999'])).status).toBe(429);
  });
});
