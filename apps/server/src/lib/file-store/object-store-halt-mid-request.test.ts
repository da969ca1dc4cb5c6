import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { ErrorCode, type Task } from '@portal/contract';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tarOf } from '../../db/seed/demo-archives';
import { catalogVersions, downloadRecords, storedFiles, tasks } from '../../db/schema';
import { publishedItem } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { BOUNDARY, versionMeta } from '../../modules/publishing/publishing-test-kit';
import { createMirrorTask, getTask } from '../../modules/tasks/tasks-test-kit';
import { translate } from '../i18n/messages';
import { expectUnavailable, useOutagePortal } from '../../test/outage-portal';
import { S3FileStore } from './s3-file-store';

const HOUR = 3_600_000;

// The store halted in the middle of one request each, then back at once; the long outage is
// object-store-outage.test.ts, on a portal of its own, so that its wait runs beside these.
describe('object storage away (s3rver halted, then back on the same port and folder)', () => {
  const portal = useOutagePortal();

  const keysIn = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of new S3FileStore(portal.s3.options).list(prefix)) keys.push(object.key);
    return keys.sort();
  };

  it('an avatar stored just as the store went (its answer lost): 503, no row; once back, the sweep removes it after the grace period', async () => {
    const { t, s3, uploadAvatar } = portal;
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
    const { t, s3, customer, version } = portal;
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
    const { t, s3, admin, itemId, port } = portal;
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
    const { t, s3, customer } = portal;
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
    const { t, customer } = portal;
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
    const { t, customer } = portal;
    await publishedItem(t, { kind: 'PCIE', parts: ['PN-OUTAGE-LARGE'], size: 24 * 1024 * 1024 });
    const created = await createMirrorTask(t, customer.token, 'pn', 'PN-OUTAGE-LARGE');
    expect(created.status).toBe(200);
    const messages = await runWhileUploadFails(created.body.data.task.id);
    expect(messages).toContain(translate('en-US', 'TASK_LOG_DEPENDENCY_UNAVAILABLE'));
    expect(messages).not.toContain(translate('en-US', 'TASK_LOG_INTERNAL_ERROR'));
  }, 60_000);

  it('a download streaming from the store when it goes ends at once (the client resumes), recorded as partial', async () => {
    const { t, s3, customer, port } = portal;
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
