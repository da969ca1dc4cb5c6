import { randomBytes } from 'node:crypto';
import { readdirSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode, type Locale, type PublishItem, type Task } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../../db/seed/demo-archives';
import { catalogVersions, storedFiles } from '../../db/schema';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { mountSmallDisk } from '../../test/small-disk';
import { adminToken, createTestApp, type TestApp } from '../../test/test-app';
import {
  itemInput,
  multipartBody,
  uploadVersion,
  versionMeta,
} from '../../modules/publishing/publishing-test-kit';
import { createMirrorTask, getTask } from '../../modules/tasks/tasks-test-kit';
import { translate } from '../i18n/messages';

/** The disk DATA_DIR lives on in this test: small enough to fill in an instant. */
const DISK_SIZE = '8m';
/** What is left free once the disk is "full": less than any upload below. */
const LEFT_FREE = 64 * 1024;
const PART_NUMBER = 'PN-DISK-FULL-NIC';

/** A PNG (only its signature is checked) of `size` bytes: larger than what is left free. */
const pngOf = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);

/** Every file under `root`, relative. */
function filesIn(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('disk full under DATA_DIR (local file store on a small tmpfs)', () => {
  let disk: ReturnType<typeof mountSmallDisk> | undefined;
  let t: TestApp;
  let admin: string;
  let customer: { token: string };
  let itemId: number;
  const files = () => filesIn(path.join(disk?.dir ?? '', 'files'));
  const fillDisk = () => disk?.fill(LEFT_FREE);
  const freeDisk = () => disk?.free();

  beforeAll(async () => {
    disk = mountSmallDisk(DISK_SIZE);
    t = await createTestApp('pglite', { config: { DATA_DIR: disk.dir } });
    admin = await adminToken(t.app);
    customer = await signedInUser(t);
    await publishedItem(t, { kind: 'PCIE', parts: [PART_NUMBER], size: 1024 * 1024 });
    const item = await withToken<PublishItem>(t.app, admin, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput({ code: 'disk-full-bmc' }),
    });
    itemId = item.body.data.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    disk?.unmount();
  });

  const uploadImage = (url: string, token: string, locale: Locale) => {
    const body = multipartBody([
      { name: 'file', filename: 'big.png', content: pngOf(512 * 1024), contentType: 'image/png' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `${url}?locale=${locale}`,
      payload: body.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    });
  };
  const expectStorageFull = (answer: { statusCode: number; json(): unknown }, locale: Locale) => {
    expect(answer.statusCode).toBe(507);
    expect(answer.json()).toMatchObject({
      success: false,
      code: ErrorCode.STORAGE_FULL,
      message: translate(locale, 'STORAGE_FULL'),
    });
  };

  it("refuses uploads that do not fit with 507 in the reader's language, leaving no .part file and no row; they work again once space is freed", async () => {
    const before = files();
    const rowsBefore = await t.db.select().from(storedFiles);
    fillDisk();
    try {
      for (const locale of ['en-US', 'zh-CN'] as const) {
        expectStorageFull(await uploadImage('/api/sysFileInfo/uploadAvatar', customer.token, locale), locale);
        expectStorageFull(await uploadImage('/api/publishing/editor/images', admin, locale), locale);
      }
      const archive = zipOf('firmware.bin', randomBytes(1024 * 1024));
      const version = await uploadVersion(
        t,
        admin,
        itemId,
        { filename: 'bmc-2.0.0.zip', content: archive },
        versionMeta({ version: '2.0.0' }),
      );
      expect(version.status).toBe(507);
      expect(version.body).toMatchObject({
        code: ErrorCode.STORAGE_FULL,
        message: translate('en-US', 'STORAGE_FULL'),
      });
      expect(files()).toEqual(before);
      expect(await t.db.select().from(storedFiles)).toEqual(rowsBefore);
      expect(await t.db.select().from(catalogVersions).where(eq(catalogVersions.itemId, itemId))).toEqual([]);
      // Readiness stays green: the folder can still be written to (and downloads still served),
      // and taking this process out of the load balancer would not free the shared disk.
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      freeDisk();
    }

    expect((await uploadImage('/api/sysFileInfo/uploadAvatar', customer.token, 'en-US')).statusCode).toBe(
      200,
    );
    expect((await uploadImage('/api/publishing/editor/images', admin, 'en-US')).statusCode).toBe(200);
    const again = await uploadVersion(
      t,
      admin,
      itemId,
      { filename: 'bmc-2.0.0.zip', content: zipOf('firmware.bin', randomBytes(1024 * 1024)) },
      versionMeta({ version: '2.0.0' }),
    );
    expect(again.status).toBe(200);
    expect(files().filter((file) => file.endsWith('.part'))).toEqual([]);
  });

  it("ends a task whose result does not fit FAILED, with the reason in the user's language; retried once space is freed, it succeeds", async () => {
    const created = await createMirrorTask(t, customer.token, 'pn', PART_NUMBER);
    expect(created.status).toBe(200);
    const taskId = created.body.data.task.id;
    const before = files();
    fillDisk();
    try {
      await t.app.services.jobs.runUntilIdle();
      const failed = await getTask(t, customer.token, taskId);
      expect(failed.status).toBe('FAILED');
      expect(failed.result).toBeNull();
      expect(failed.log.map((entry) => entry.message)).toContain(translate('en-US', 'TASK_LOG_STORAGE_FULL'));
      const inChinese = await getTask(t, customer.token, taskId, 'zh-CN');
      expect(inChinese.log.map((entry) => entry.message)).toContain(
        translate('zh-CN', 'TASK_LOG_STORAGE_FULL'),
      );
      expect(files()).toEqual(before);
    } finally {
      freeDisk();
    }

    const retried = await withToken<Task>(t.app, customer.token, {
      method: 'POST',
      url: `/api/tasks/${taskId}/retry`,
    });
    expect(retried.status).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    const done = await getTask(t, customer.token, taskId);
    expect(done.status).toBe('SUCCESS');
    expect(done.result?.size).toBeGreaterThan(1024 * 1024);
  });

  it('ends a LiveCD task whose ISO does not fit FAILED with the same reason, not as an ISO writer failure', async () => {
    const { version: base } = await publishedItem(t, { kind: 'LIVECD', size: 1024 * 1024 });
    const created = await withToken<{ task: Task }>(t.app, customer.token, {
      method: 'POST',
      url: '/api/tasks/livecd',
      payload: { baseVersionId: base.id },
    });
    expect(created.status).toBe(200);
    const before = files();
    fillDisk();
    try {
      await t.app.services.jobs.runUntilIdle();
      const failed = await getTask(t, customer.token, created.body.data.task.id);
      expect(failed.status).toBe('FAILED');
      const messages = failed.log.map((entry) => entry.message);
      expect(messages).toContain(translate('en-US', 'TASK_LOG_STORAGE_FULL'));
      expect(messages).not.toContain(translate('en-US', 'TASK_LOG_ISO_FAILED'));
      expect(files()).toEqual(before);
    } finally {
      freeDisk();
    }
  });
});

describe('the free-space reserve under DATA_DIR (DATA_DIR_RESERVE_MB)', () => {
  let disk: ReturnType<typeof mountSmallDisk> | undefined;
  let t: TestApp;
  let admin: string;
  let itemId: number;

  beforeAll(async () => {
    disk = mountSmallDisk(DISK_SIZE);
    // 8 MB of disk, 5 MB of it kept free for the database: a file may use about 3 MB.
    t = await createTestApp('pglite', { config: { DATA_DIR: disk.dir, DATA_DIR_RESERVE_MB: 5 } });
    admin = await adminToken(t.app);
    const item = await withToken<PublishItem>(t.app, admin, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput({ code: 'disk-reserve-bmc' }),
    });
    itemId = item.body.data.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    disk?.unmount();
  });

  it('refuses an upload that would eat into the reserve (507, nothing kept) while one that fits is stored', async () => {
    const files = () => filesIn(path.join(disk?.dir ?? '', 'files'));
    const tooBig = await uploadVersion(
      t,
      admin,
      itemId,
      { filename: 'bmc-3.0.0.zip', content: zipOf('firmware.bin', randomBytes(4 * 1024 * 1024)) },
      versionMeta({ version: '3.0.0' }),
    );
    expect(tooBig.status).toBe(507);
    expect(tooBig.body).toMatchObject({ code: ErrorCode.STORAGE_FULL });
    expect(files().filter((file) => file.endsWith('.part'))).toEqual([]);
    expect(await t.db.select().from(catalogVersions).where(eq(catalogVersions.itemId, itemId))).toEqual([]);
    // The disk itself still had room: the reserve, not the disk, refused it.
    const { bavail, bsize } = statfsSync(disk?.dir ?? '');
    expect(bavail * bsize).toBeGreaterThan(5 * 1024 * 1024);

    const fits = await uploadVersion(
      t,
      admin,
      itemId,
      { filename: 'bmc-3.0.1.zip', content: zipOf('firmware.bin', randomBytes(1024 * 1024)) },
      versionMeta({ version: '3.0.1' }),
    );
    expect(fits.status).toBe(200);
  });
});
