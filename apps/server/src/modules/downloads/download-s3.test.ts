import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type PublishItem, type PublishVersion } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createTestApp, type TestApp } from '../../test/test-app';
import { signedInUser } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { s3Config, startS3Server } from '../../test/s3-server';
import { archives, itemInput, uploadVersion, versionMeta } from '../publishing/publishing-test-kit';

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('publishing and downloading with object storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('pglite', { config: s3Config(s3.options) });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('stores an upload in the bucket and sends a customer to a presigned URL serving its bytes', async () => {
    const admin = await adminToken(t.app);
    const item = await withToken<PublishItem>(t.app, admin, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput({ code: 's3-bios', visibility: 'signed_in' }),
    });
    expect(item.status).toBe(200);
    const archive = archives.zip('stored in s3');
    const uploaded = await uploadVersion(
      t,
      admin,
      item.body.data.id,
      { filename: 'bios-s3.zip', content: archive },
      versionMeta(),
    );
    expect(uploaded.status).toBe(200);
    const version = uploaded.body.data as PublishVersion;
    expect(version.sha256).toBe(sha256(archive));
    const published = await withToken(t.app, admin, {
      method: 'POST',
      url: `/api/publishing/versions/${version.id}/publish`,
    });
    expect(published.status).toBe(200);

    const { token: customer } = await signedInUser(t);
    const first = await withToken<{ url: string; ticket: string }>(t.app, customer, {
      method: 'POST',
      url: `/api/downloads/${version.id}/ticket`,
    });
    const answer = await t.app.inject({ url: first.body.data.url });
    expect(answer.statusCode).toBe(302);
    const location = String(answer.headers.location);
    expect(location.startsWith(`${s3.options.endpoint}/${s3.options.bucket}/`)).toBe(true);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(sha256(Buffer.from(await fetched.arrayBuffer()))).toBe(sha256(archive));
    expect(fetched.headers.get('content-disposition')).toContain('bios-s3.zip');

    // Command-line clients that sent a session header (wget, aria2c) follow a 302 with the
    // header still on: object storage refuses two kinds of authentication. They get the bytes
    // from the portal; a ticket link (no header) still goes to the presigned URL.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/downloads/${version.id}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));
    try {
      const header = `Authorization: Bearer ${customer}`;
      await run('wget', ['-q', '--header', header, '-O', path.join(dir, 'wget.zip'), url]);
      expect(sha256(readFileSync(path.join(dir, 'wget.zip')))).toBe(sha256(archive));
      await run('aria2c', ['-q', '-x', '2', `--header=${header}`, '-d', dir, '-o', 'aria2.zip', url]);
      expect(sha256(readFileSync(path.join(dir, 'aria2.zip')))).toBe(sha256(archive));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const bearer = await t.app.inject({
      url: `/api/downloads/${version.id}`,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(bearer.statusCode).toBe(200);
    const ticket = await withToken<{ url: string; ticket: string }>(t.app, customer, {
      method: 'POST',
      url: `/api/downloads/${version.id}/ticket`,
    });
    const viaTicket = await t.app.inject({
      url: ticket.body.data.url,
    });
    expect(viaTicket.statusCode).toBe(302);

    // Anonymous readers are refused before any URL is made.
    const anonymous = await t.app.inject({ url: `/api/downloads/${version.id}` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.headers.location).toBeUndefined();
  }, 60_000);
});
