import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, type Locale, type PublishItem, type Task } from '@portal/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tarOf } from '../../db/seed/demo-archives';
import { catalogVersions, downloadRecords, storedFiles, tasks, users } from '../../db/schema';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import { adminToken, createTestApp, type TestApp } from '../../test/test-app';
import { withToken } from '../../test/requests';
import { s3Config, startS3Server } from '../../test/s3-server';
import {
  archives,
  BOUNDARY,
  itemInput,
  multipartBody,
  uploadVersion,
  versionMeta,
} from '../../modules/publishing/publishing-test-kit';
import { createMirrorTask, getTask, sha256, skipBackoff } from '../../modules/tasks/tasks-test-kit';
import { translate } from '../i18n/messages';
import { S3_TIMEOUTS, S3FileStore } from './s3-file-store';

/** A real 1x1 PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const HOUR = 3_600_000;
/**
 * The store client's bounds at half the portal's (s3-file-store.ts: ping 2 s, connect 2 s, answer
 * 3 s, idle 5 s), so the outage below outlasts them all in half the time.
 */
const TIMEOUTS = {
  ...S3_TIMEOUTS,
  pingMs: S3_TIMEOUTS.pingMs / 2,
  connectMs: S3_TIMEOUTS.connectMs / 2,
  answerMs: S3_TIMEOUTS.answerMs / 2,
  idleMs: S3_TIMEOUTS.idleMs / 2,
};
/**
 * Longer than every bound of the store client (TIMEOUTS), so each kind of request meets the
 * outage after its own timeouts; a longer wait adds nothing but CI time (it was 30 s, then 8 s
 * with the portal's own bounds: issue 41).
 */
const OUTAGE_MS = TIMEOUTS.idleMs + 1_500;
const PART_NUMBER = 'PN-OUTAGE-NIC';

/** The 503 every request that needs the store answers while it is away, in `locale`. */
function expectUnavailable(
  answer: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  locale: Locale | 'HEAD' = 'en-US',
) {
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe('5');
  if (locale !== 'HEAD')
    expect(answer.json()).toMatchObject({
      success: false,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: translate(locale, 'SERVICE_UNAVAILABLE', { seconds: 5 }),
    });
  // An error is never (the start of) a file, nor a way to one. (HEAD: no body; the console then
  // GETs the same link for the message, lib/start-download.ts.)
  expect(answer.headers['content-disposition']).toBeUndefined();
  expect(answer.headers.etag).toBeUndefined();
  expect(answer.headers.location).toBeUndefined();
}

describe('object storage away (s3rver halted, then back on the same port and folder)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let admin: string;
  let customer: { id: number; token: string };
  let version: { id: number; sha256: string; fileSize: number };
  let itemId: number;
  let port: number;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('pglite', {
      config: s3Config(s3.options),
      fileStore: new S3FileStore(s3.options, TIMEOUTS),
    });
    admin = await adminToken(t.app);
    customer = await signedInUser(t);
    ({ version } = await publishedItem(t, { kind: 'PCIE', parts: [PART_NUMBER], size: 3 * 1024 * 1024 }));
    const item = await withToken<PublishItem>(t.app, admin, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput({ code: 'outage-bmc' }),
    });
    itemId = item.body.data.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const ticketLink = async () => {
    const ticket = await withToken<{ url: string }>(t.app, customer.token, {
      method: 'POST',
      url: `/api/downloads/${version.id}/ticket`,
    });
    expect(ticket.status).toBe(200);
    return `${ticket.body.data.url}&locale=en-US`;
  };
  const imagePart = (name = 'file') =>
    multipartBody([{ name, filename: 'me.png', content: PNG_1PX, contentType: 'image/png' }]);
  const uploadAvatar = (locale: Locale = 'en-US') => {
    const body = imagePart();
    return t.app.inject({
      method: 'POST',
      url: `/api/sysFileInfo/uploadAvatar?locale=${locale}`,
      payload: body.payload,
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': body.contentType },
    });
  };
  const uploadEditorImage = () => {
    const body = imagePart();
    return t.app.inject({
      method: 'POST',
      url: '/api/publishing/editor/images?locale=en-US',
      payload: body.payload,
      headers: { authorization: `Bearer ${admin}`, 'content-type': body.contentType },
    });
  };
  const avatarOf = async (userId: number) =>
    (await t.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)))[0]?.avatar;
  const keysIn = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of new S3FileStore(s3.options).list(prefix)) keys.push(object.key);
    return keys.sort();
  };

  it("while away longer than every store timeout: readiness 503 within 2 s, downloads and uploads 503 in the reader's language with nothing half kept, tasks retried; all works again once back, without a restart", async () => {
    const avatarBefore = await uploadAvatar();
    expect(avatarBefore.statusCode).toBe(200);
    const avatarId = avatarBefore.json<{ data: { id: string } }>().data.id;
    const filesBefore = await t.db.select().from(storedFiles);
    const link = await ticketLink();

    await s3.halt();
    const haltedAt = Date.now();
    try {
      const started = Date.now();
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ data: { ready: false, database: 'up', storage: 'down' } });

      // A browser link (302 to a presigned URL when the store is up) and a script with a token
      // (the bytes streamed through the portal): both are checked against the store first.
      expectUnavailable(await t.app.inject({ url: link }));
      expectUnavailable(await t.app.inject({ method: 'HEAD', url: link }), 'HEAD');
      expectUnavailable(await t.app.inject({ url: link.replace('&locale=en-US', '') }), 'zh-CN');
      expectUnavailable(
        await t.app.inject({
          url: `/api/downloads/${version.id}?locale=en-US`,
          headers: { authorization: `Bearer ${customer.token}` },
        }),
      );
      expect(
        await t.db.select().from(downloadRecords).where(eq(downloadRecords.versionId, version.id)),
      ).toEqual([]);

      // Uploads: nothing stored, no row, the previous avatar kept and still answered as away.
      expectUnavailable(await uploadAvatar(), 'en-US');
      expectUnavailable(await uploadAvatar('zh-CN'), 'zh-CN');
      expect(await avatarOf(customer.id)).toBe(avatarId);
      expectUnavailable(
        await t.app.inject({
          url: `/api/sysFileInfo/preview?id=${avatarId}&locale=en-US`,
          headers: { authorization: `Bearer ${customer.token}` },
        }),
      );
      expectUnavailable(await uploadEditorImage());
      expect(await t.db.select().from(storedFiles)).toEqual(filesBefore);
      const draft = await uploadVersion(
        t,
        admin,
        itemId,
        { filename: 'bmc-outage.zip', content: archives.zip('outage') },
        versionMeta({ version: '7.0.1' }),
      );
      expect(draft.status).toBe(503);
      expect(draft.body).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
      expect(await t.db.select().from(catalogVersions).where(eq(catalogVersions.itemId, itemId))).toEqual([]);

      // A bundle task: the attempt fails and is retried later, never SUCCESS without its file.
      const created = await createMirrorTask(t, customer.token, 'pn', PART_NUMBER);
      expect(created.status).toBe(200);
      const taskId = created.body.data.task.id;
      await t.app.services.jobs.runUntilIdle();
      const waiting = await getTask(t, customer.token, taskId);
      expect(waiting.status).toBe('PENDING');
      expect(waiting.result).toBeNull();
      expect(waiting.log.map((entry) => entry.message)).toContain(
        translate('en-US', 'TASK_LOG_DEPENDENCY_UNAVAILABLE'),
      );

      // The sweep cannot list the store: it fails (logged), removing nothing.
      await expect(t.app.services.orphanSweep.sweep()).rejects.toThrow();

      // Readiness stays 503, and quick, for the whole outage.
      while (Date.now() - haltedAt < OUTAGE_MS) {
        const probeStarted = Date.now();
        expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
        expect(Date.now() - probeStarted).toBeLessThan(2_500);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }

      await s3.restart();
      const back = Date.now();
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      expect(Date.now() - back).toBeLessThan(2_000);

      const redirect = await t.app.inject({ url: await ticketLink() });
      expect(redirect.statusCode).toBe(302);
      const fetched = await fetch(String(redirect.headers.location));
      expect(sha256(Buffer.from(await fetched.arrayBuffer()))).toBe(version.sha256);
      const streamed = await t.app.inject({
        url: `/api/downloads/${version.id}`,
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(streamed.statusCode).toBe(200);
      expect(sha256(streamed.rawPayload)).toBe(version.sha256);
      expect((await uploadAvatar()).statusCode).toBe(200);
      expect((await uploadEditorImage()).statusCode).toBe(200);
      const uploaded = await uploadVersion(
        t,
        admin,
        itemId,
        { filename: 'bmc-outage.zip', content: archives.zip('outage') },
        versionMeta({ version: '7.0.1' }),
      );
      expect(uploaded.status).toBe(200);

      await skipBackoff(t);
      await t.app.services.jobs.runUntilIdle();
      const done = await getTask(t, customer.token, taskId);
      expect(done.status).toBe('SUCCESS');
      const bundle = await t.app.inject({
        url: `/api/tasks/${taskId}/result`,
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(bundle.statusCode).toBe(200);
      expect(sha256(bundle.rawPayload)).toBe(done.result?.sha256);
    } finally {
      await s3.restart();
    }
  }, 90_000);

  it('an avatar stored just as the store went (its answer lost): 503, no row; once back, the sweep removes it after the grace period', async () => {
    const before = await keysIn('avatars/');
    // The outage begins between s3rver keeping the object and its answer.
    s3.onEvent((event) => {
      if (event.Records.some((record) => record.eventName.startsWith('ObjectCreated'))) void s3.halt();
    });
    let leftKeys: string[];
    try {
      const rowsBefore = await t.db.select().from(storedFiles);
      expectUnavailable(await uploadAvatar());
      expect(await t.db.select().from(storedFiles)).toEqual(rowsBefore);
    } finally {
      s3.onEvent(null);
      await s3.restart();
    }
    leftKeys = (await keysIn('avatars/')).filter((key) => !before.includes(key));
    expect(leftKeys).toHaveLength(1);

    // Within the grace period it stays (an upload may be about to write its row).
    expect((await t.app.services.orphanSweep.sweep()).orphaned).toBe(0);
    t.clock.advance(25 * HOUR);
    const swept = await t.app.services.orphanSweep.sweep();
    expect(swept.orphaned).toBeGreaterThanOrEqual(1);
    leftKeys = (await keysIn('avatars/')).filter((key) => !before.includes(key));
    expect(leftKeys).toEqual([]);
    // Referenced files stay.
    const referenced = await t.db.select({ key: storedFiles.storageKey }).from(storedFiles);
    for (const { key } of referenced) expect(await new S3FileStore(s3.options).stat(key)).not.toBeNull();
  }, 30_000);

  it('the store going between the check of the file and its first byte: 503 without the file headers', async () => {
    const store = t.app.services.store;
    const stat = store.stat.bind(store);
    // The outage begins right after the download's check of the stored file.
    store.stat = async (key) => {
      const found = await stat(key);
      await s3.halt();
      return found;
    };
    try {
      const answer = await t.app.inject({
        url: `/api/downloads/${version.id}?locale=en-US`,
        headers: { authorization: `Bearer ${customer.token}`, range: 'bytes=0-99' },
      });
      expectUnavailable(answer);
      expect(answer.headers['content-range']).toBeUndefined();
    } finally {
      store.stat = stat;
      await s3.restart();
    }
  });

  it('a version upload under way when the store goes: 503 to the uploader, no row, no object', async () => {
    const archive = tarOf('firmware.bin', randomBytes(20 * 1024 * 1024));
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n${JSON.stringify(versionMeta({ version: '7.1.0' }))}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bmc-7.1.0.tar"\r\nContent-Type: application/x-tar\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `/api/publishing/items/${itemId}/versions?locale=en-US`,
          headers: {
            authorization: `Bearer ${admin}`,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          response.on('error', reject);
        },
      );
      request.on('error', () => undefined);
      const send = async () => {
        const write = (chunk: Buffer) =>
          new Promise<void>((done) => {
            if (request.destroyed) return done();
            if (request.write(chunk)) done();
            else request.once('drain', done);
          });
        await write(head);
        // The first 12 MiB: one 8 MiB part goes to the store meanwhile.
        await write(archive.subarray(0, 12 * 1024 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await s3.halt();
        for (let at = 12 * 1024 * 1024; at < archive.length && !request.destroyed; at += 1024 * 1024)
          await write(archive.subarray(at, at + 1024 * 1024));
        if (!request.destroyed) request.end(tail);
      };
      void send();
    });
    try {
      const started = Date.now();
      const { status, body } = await answer;
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(status).toBe(503);
      expect(JSON.parse(body)).toMatchObject({
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: translate('en-US', 'SERVICE_UNAVAILABLE', { seconds: 5 }),
      });
    } finally {
      await s3.restart();
    }
    expect(
      await t.db
        .select()
        .from(catalogVersions)
        .where(and(eq(catalogVersions.itemId, itemId), eq(catalogVersions.version, '7.1.0'))),
    ).toEqual([]);
    expect(await keysIn('catalog/outage-bmc/')).toHaveLength(
      (
        await t.db
          .select()
          .from(catalogVersions)
          .where(like(catalogVersions.storageKey, 'catalog/outage-bmc/%'))
      ).length,
    );
  }, 60_000);

  /** Runs the queued task while the store goes at the first part of the result's upload. */
  const runWhileUploadFails = async (taskId: number) => {
    s3.onRequest((method, url) => {
      if (method === 'PUT' && url.includes('/tasks/') && url.includes('uploadId=')) void s3.halt();
    });
    const started = Date.now();
    try {
      await t.app.services.jobs.runUntilIdle();
    } finally {
      s3.onRequest(null);
      await s3.restart();
    }
    expect(Date.now() - started).toBeLessThan(30_000);
    const task = await getTask(t, customer.token, taskId);
    expect(task.status).toBe('PENDING');
    expect(task.result).toBeNull();
    expect(await keysIn('tasks/')).toEqual(
      (await t.db.select({ key: tasks.resultKey }).from(tasks))
        .flatMap((row) => (row.key ? [row.key] : []))
        .sort(),
    );
    return task.log.map((entry) => entry.message);
  };

  it('a LiveCD ISO being uploaded when the store goes: the ISO writer stops, the attempt is retried, never SUCCESS', async () => {
    // Larger than a multipart part, so the ISO is still being written when the upload fails.
    const { version: base } = await publishedItem(t, { kind: 'LIVECD', size: 24 * 1024 * 1024 });
    const created = await withToken<{ task: Task }>(t.app, customer.token, {
      method: 'POST',
      url: '/api/tasks/livecd',
      payload: { baseVersionId: base.id },
    });
    expect(created.status).toBe(200);
    const messages = await runWhileUploadFails(created.body.data.task.id);
    expect(messages).toContain(translate('en-US', 'TASK_LOG_DEPENDENCY_UNAVAILABLE'));
    expect(messages).not.toContain(translate('en-US', 'TASK_LOG_ISO_FAILED'));
  }, 60_000);

  it('a bundle being uploaded when the store goes: the attempt is retried as the store being away, never SUCCESS', async () => {
    await publishedItem(t, { kind: 'PCIE', parts: ['PN-OUTAGE-LARGE'], size: 24 * 1024 * 1024 });
    const created = await createMirrorTask(t, customer.token, 'pn', 'PN-OUTAGE-LARGE');
    expect(created.status).toBe(200);
    const messages = await runWhileUploadFails(created.body.data.task.id);
    expect(messages).toContain(translate('en-US', 'TASK_LOG_DEPENDENCY_UNAVAILABLE'));
    expect(messages).not.toContain(translate('en-US', 'TASK_LOG_INTERNAL_ERROR'));
  }, 60_000);

  it('a download streaming from the store when it goes ends at once (the client resumes), recorded as partial', async () => {
    // Larger than every buffer between s3rver and the client, so the outage cuts it.
    const { version: large } = await publishedItem(t, { kind: 'LIVECD', size: 48 * 1024 * 1024 });
    const outcome = await new Promise<{ status: number; received: number; error: boolean; ms: number }>(
      (resolve) => {
        let received = 0;
        let haltedAt = 0;
        let status = 0;
        const request = http.get(
          {
            port,
            host: '127.0.0.1',
            path: `/api/downloads/${large.id}`,
            headers: { authorization: `Bearer ${customer.token}` },
          },
          (response) => {
            status = response.statusCode ?? 0;
            response.once('data', (chunk: Buffer) => {
              received += chunk.length;
              response.pause();
              haltedAt = Date.now();
              void s3.halt().then(() => response.resume());
              response.on('data', (more: Buffer) => (received += more.length));
            });
            response.on('end', () => resolve({ status, received, error: false, ms: Date.now() - haltedAt }));
            response.on('error', () => resolve({ status, received, error: true, ms: Date.now() - haltedAt }));
          },
        );
        request.on('error', () => resolve({ status, received, error: true, ms: Date.now() - haltedAt }));
      },
    );
    await s3.restart();
    expect(outcome.status).toBe(200);
    expect(outcome.error).toBe(true);
    expect(outcome.received).toBeLessThan(large.fileSize);
    expect(outcome.ms).toBeLessThan(5_000);
    await expect
      .poll(async () =>
        (await t.db.select().from(downloadRecords).where(eq(downloadRecords.versionId, large.id))).map(
          (row) => row.status,
        ),
      )
      .toContain('partial');
  }, 60_000);
});
