import {
  BUNDLE_MANIFEST_CSV,
  BUNDLE_MANIFEST_JSON,
  BUNDLE_SHA256SUMS,
  ErrorCode,
  type Task,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, notices, tasks } from '../../db/schema';
import { DEMO_COMPANY } from '../../db/seed/seed-data';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DEMO_PASSWORD, DRIVERS, type TestApp } from '../../test/test-app';
import { seededVersion } from '../downloads/downloads-test-kit';
import { filesUnder } from '../publishing/publishing-test-kit';
import {
  createMirrorTask,
  downloadResult,
  getTask,
  otherProcessQueue,
  readIso,
  readTar,
  sha256,
  skipBackoff,
  verifySums,
} from './tasks-test-kit';

describe.each(DRIVERS)('background tasks on %s', (driver) => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { catalog: true });
    demo = await tokenFor(t.app, 'demo', DEMO_PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  const run = () => t.app.services.jobs.runUntilIdle();

  it('LIST_MIRROR_SN bundles the newest firmware of every kind and PCIe card the user may see, with SHA256SUMS and manifests', async () => {
    const created = await createMirrorTask(t, demo, 'sn', 'm7s2u24000101, NOSUCHSN1');
    expect(created.status).toBe(200);
    expect(created.body.data.message).toMatch(/Personal center > Tasks/);
    const id = created.body.data.task.id;
    expect(created.body.data.task).toMatchObject({
      type: 'LIST_MIRROR_SN',
      status: 'PENDING',
      summary: 'SN: M7S2U24000101, NOSUCHSN1',
    });

    expect(await run()).toBe(1);
    const task = await getTask(t, demo, id);
    expect(task.status).toBe('SUCCESS');
    expect(task.startTime).not.toBeNull();
    expect(task.endTime).not.toBeNull();
    const messages = task.log.map((entry) => entry.message);
    expect(messages).toContain('SN NOSUCHSN1: no such server; skipped');
    expect(messages.some((m) => m.startsWith('SN M7S2U24000101: model M7-2U'))).toBe(true);

    const bundle = await downloadResult(t, demo, id);
    expect(sha256(bundle)).toBe(task.result?.sha256);
    expect(bundle.length).toBe(task.result?.size);
    const files = readTar(bundle);
    const listed = verifySums(files.get(BUNDLE_SHA256SUMS)?.toString('utf8') ?? '', files);
    expect(listed).toContain(BUNDLE_MANIFEST_CSV);
    expect(listed).toContain(BUNDLE_MANIFEST_JSON);

    const manifest = JSON.parse(files.get(BUNDLE_MANIFEST_JSON)?.toString('utf8') ?? '{}') as {
      rows: {
        sn: string;
        pn: string;
        component: string;
        currentVersion: string;
        offeredVersion: string;
        file: string;
        sha256: string;
      }[];
    };
    const byComponent = new Map(manifest.rows.map((r) => [r.pn || r.component, r]));
    // M7 2U: seven server firmware kinds. The demo company also sees the restricted early-access
    // BMC 4.0.0-rc1 (released after 4.1.2), but a pre-release is never "the newest": the
    // stable security fix 4.1.2 is offered (issue 17: the bundle used to pick the rc).
    expect([...byComponent.keys()].sort()).toEqual(
      ['BIOS', 'BMC', 'CPLD', 'DISK', 'NIC', 'PN-NIC-25G-2P', 'PN-RAID-9560-8I', 'PSU', 'RAID'].sort(),
    );
    expect(byComponent.get('BMC')).toMatchObject({
      sn: 'M7S2U24000101',
      currentVersion: '4.0.1',
      offeredVersion: '4.1.2',
    });
    expect(byComponent.get('BIOS')).toMatchObject({ currentVersion: '6.0.1', offeredVersion: '6.1.2' });
    expect(byComponent.get('PN-NIC-25G-2P')).toMatchObject({
      component: 'PCIE',
      offeredVersion: '22.36.1010',
    });
    // Every row's file is in the bundle with the catalogue's checksum.
    for (const row of manifest.rows) {
      expect(sha256(files.get(row.file) ?? Buffer.alloc(0))).toBe(row.sha256);
      const [version] = await t.db
        .select()
        .from(catalogVersions)
        .where(eq(catalogVersions.sha256, row.sha256));
      expect(version?.version).toBe(row.offeredVersion);
    }
    const csv = files.get(BUNDLE_MANIFEST_CSV)?.toString('utf8').trim().split('\r\n') ?? [];
    expect(csv[0]).toBe('sn,pn,model,component,item,currentVersion,offeredVersion,severity,file,sha256');
    expect(csv).toHaveLength(manifest.rows.length + 1);
    expect(
      csv.some((line) => line.startsWith('M7S2U24000101,,M7-2U,BMC,') && line.includes(',4.0.1,4.1.2,')),
    ).toBe(true);

    const [notice] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.titleEn, `Task #${id} finished: Firmware bundle by SN`));
    expect(notice).toBeDefined();
  });

  it('picks only what the user may see: another company gets the public BMC, not the restricted one', async () => {
    // Contoso owns an M7 (M7S4U24000877); the early-access BMC is granted to the demo company only.
    const other = await createUser(t.db, {
      roleCodes: ['customer'],
      organisation: 'Contoso Research Institute',
    });
    const token = await tokenFor(t.app, other.account, other.password);
    const created = await createMirrorTask(t, token, 'sn', 'M7S4U24000877');
    await run();
    const task = await getTask(t, token, created.body.data.task.id);
    expect(task.status).toBe('SUCCESS');
    const files = readTar(await downloadResult(t, token, task.id));
    const rows = JSON.parse(files.get(BUNDLE_MANIFEST_JSON)?.toString('utf8') ?? '{}').rows as {
      component: string;
      offeredVersion: string;
    }[];
    expect(rows.find((r) => r.component === 'BMC')?.offeredVersion).toBe('4.1.2');
    expect([...files.keys()].some((name) => name.includes('4.0.0-rc1'))).toBe(false);
  });

  it("answers another customer's SN exactly like an unknown SN: nothing about the server, no files", async () => {
    const typedCompany = await createUser(t.db, { roleCodes: ['customer'], company: DEMO_COMPANY });
    const token = await tokenFor(t.app, typedCompany.account, typedCompany.password);
    const foreign = await createMirrorTask(t, token, 'sn', 'M7S2U24000101');
    const unknown = await createMirrorTask(t, token, 'sn', 'M7S2U99999999');
    await run();
    const [a, b] = [
      await getTask(t, token, foreign.body.data.task.id),
      await getTask(t, token, unknown.body.data.task.id),
    ];
    expect(a.status).toBe('FAILED');
    expect(b.status).toBe('FAILED');
    const texts = (task: typeof a, sn: string) => task.log.map((line) => line.message.replaceAll(sn, '<SN>'));
    expect(texts(a, 'M7S2U24000101')).toEqual(texts(b, 'M7S2U99999999'));
    expect(JSON.stringify(a)).not.toMatch(/M7-2U|BMC|4\.1\.2/);
  });

  it('LIST_MIRROR_PN from a .txt upload; a list with nothing available fails with a readable log and can be retried', async () => {
    const form = (text: string) => {
      const boundary = 'xbound';
      return {
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pns.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
        headers: {
          authorization: `Bearer ${demo}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      };
    };
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/mirror/upload?by=pn&locale=en-US',
      ...form('PN-NIC-10G-2P\npn-hba-9500-16i\nPN-UNKNOWN\n'),
    });
    expect(upload.statusCode).toBe(200);
    const id = upload.json().data.task.id as number;
    await run();
    const task = await getTask(t, demo, id);
    expect(task.status).toBe('SUCCESS');
    expect(task.log.map((e) => e.message)).toContain('PN PN-UNKNOWN: no firmware available to you; skipped');
    const files = readTar(await downloadResult(t, demo, id));
    verifySums(files.get(BUNDLE_SHA256SUMS)?.toString('utf8') ?? '', files);
    const csv = files.get(BUNDLE_MANIFEST_CSV)?.toString('utf8') ?? '';
    expect(csv).toContain(',PN-NIC-10G-2P,,PCIE,');
    expect(csv).toContain(',PN-HBA-9500-16I,,PCIE,');

    const nothing = await createMirrorTask(t, demo, 'pn', 'PN-NOTHING-1');
    await run();
    const failed = await getTask(t, demo, nothing.body.data.task.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.canRetry).toBe(true);
    expect(failed.log.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'PN PN-NOTHING-1: no firmware available to you; skipped',
        'No firmware you may download applies to the given values; nothing to package',
        'Failed; you can retry the task',
      ]),
    );
    const result = await t.app.inject({
      url: `/api/tasks/${failed.id}/result`,
      headers: { authorization: `Bearer ${demo}` },
    });
    expect(result.statusCode).toBe(410);
    expect(result.json().code).toBe(ErrorCode.TASK_RESULT_GONE);
    const retried = await withToken<Task>(t.app, demo, {
      method: 'POST',
      url: `/api/tasks/${failed.id}/retry`,
    });
    expect(retried.body.data.status).toBe('PENDING');
    const again = await withToken(t.app, demo, { method: 'POST', url: `/api/tasks/${failed.id}/retry` });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ErrorCode.TASK_NOT_RETRYABLE);
    await run();
    expect((await getTask(t, demo, failed.id)).status).toBe('FAILED');
  });

  it('refuses bad input with the lookup messages, and keeps tasks private', async () => {
    const empty = await createMirrorTask(t, demo, 'sn', ' , ');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(ErrorCode.PCIE_SN_EMPTY);
    const eleven = Array.from({ length: 11 }, (_, i) => `SN${i}`).join(',');
    expect((await createMirrorTask(t, demo, 'sn', eleven)).body.code).toBe(ErrorCode.PCIE_TOO_MANY_VALUES);
    const txt = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/mirror/upload?by=sn',
      payload:
        '--b\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\n\r\nA\r\n--b--\r\n',
      headers: { authorization: `Bearer ${demo}`, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(txt.json().code).toBe(ErrorCode.FILE_TYPE_NOT_ALLOWED);

    const mine = await createMirrorTask(t, demo, 'pn', 'PN-NIC-10G-2P');
    const stranger = await createUser(t.db, { roleCodes: ['customer'] });
    const token = await tokenFor(t.app, stranger.account, stranger.password);
    const id = mine.body.data.task.id;
    await run();
    for (const url of [`/api/tasks/${id}`, `/api/tasks/${id}/result`]) {
      const answer = await withToken(t.app, token, { url });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(ErrorCode.TASK_NOT_FOUND);
    }
    const list = await withToken<{ rows: Task[]; totalRows: number }>(t.app, token, { url: '/api/tasks' });
    expect(list.body.data.totalRows).toBe(0);
    expect((await t.app.inject({ url: `/api/tasks/${id}/result` })).statusCode).toBe(401);
  });

  it('limits unfinished tasks per user', async () => {
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const token = await tokenFor(t.app, user.account, user.password);
    for (let i = 0; i < 5; i += 1)
      expect((await createMirrorTask(t, token, 'pn', `PN-${i}`)).status).toBe(200);
    const sixth = await createMirrorTask(t, token, 'pn', 'PN-6');
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe(ErrorCode.TASK_TOO_MANY_OPEN);
    expect(await run()).toBe(5);
    expect((await createMirrorTask(t, token, 'pn', 'PN-6')).status).toBe(200);
    await run();
    // A burst of requests at once: still five at the most.
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createMirrorTask(t, token, 'pn', `PN-BURST-${i}`)),
    );
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(3);
    await run();
  });

  it('PACKAGE_LIVE_CD writes an ISO 9660 image holding the base image, the components and their SHA256SUMS', async () => {
    const base = await seededVersion(t, 'livecd-x86');
    const bmc = await seededVersion(t, 'm7-bmc');
    const nic = await seededVersion(t, 'pcie-nic-25g');
    const bad = await withToken(t.app, demo, {
      method: 'POST',
      url: '/api/tasks/livecd?locale=en-US',
      payload: { baseVersionId: bmc.id, componentVersionIds: [nic.id] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.LIVECD_BASE_INVALID);
    const unknown = await withToken(t.app, demo, {
      method: 'POST',
      url: '/api/tasks/livecd',
      payload: { baseVersionId: base.id, componentVersionIds: [999_999] },
    });
    expect(unknown.body.code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);

    const created = await withToken<{ task: Task }>(t.app, demo, {
      method: 'POST',
      url: '/api/tasks/livecd?locale=en-US',
      payload: { baseVersionId: base.id, componentVersionIds: [bmc.id, nic.id], label: 'M7_SERVICE' },
    });
    expect(created.status).toBe(200);
    await run();
    const task = await getTask(t, demo, created.body.data.task.id);
    expect(task.status, JSON.stringify(task.log)).toBe('SUCCESS');
    expect(task.result?.fileName).toBe(`livecd-${task.id}-M7_SERVICE.iso`);
    const iso = await downloadResult(t, demo, task.id);
    expect(sha256(iso)).toBe(task.result?.sha256);
    // ISO 9660: the primary volume descriptor at sector 16 carries "CD001" and the volume label.
    expect(iso.subarray(16 * 2048 + 1, 16 * 2048 + 6).toString('ascii')).toBe('CD001');
    expect(
      iso
        .subarray(16 * 2048 + 40, 16 * 2048 + 72)
        .toString('ascii')
        .trim(),
    ).toBe('M7_SERVICE');
    const extracted = readIso(iso);
    const sums = extracted.get('SHA256SUMS')?.toString('utf8') ?? '';
    expect(verifySums(sums, extracted)).toEqual([
      `livecd/${base.fileName}`,
      `components/bmc/${bmc.fileName}`,
      `components/pcie/${nic.fileName}`,
    ]);
  });

  it('removes results after they expire and says so', async () => {
    const created = await createMirrorTask(t, demo, 'pn', 'PN-NIC-10G-2P');
    await run();
    const id = created.body.data.task.id;
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, id));
    expect(await t.app.services.store.stat(row?.resultKey ?? '')).not.toBeNull();
    t.clock.advance(73 * 3_600_000);
    expect(await t.app.services.tasks.removeExpiredResults()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.store.stat(row?.resultKey ?? '')).toBeNull();
    const task = await getTask(t, demo, id);
    expect(task).toMatchObject({ status: 'SUCCESS', result: null, resultExpired: true });
    expect(task.log.at(-1)?.message).toBe('The result expired and was removed');
    expect(
      (await t.app.inject({ url: `/api/tasks/${id}/result`, headers: { authorization: `Bearer ${demo}` } }))
        .statusCode,
    ).toBe(410);
  });

  it('a task whose worker died is retried, and fails clearly once its attempts are spent', async () => {
    // Another process's worker takes the job and dies; pg-boss fails the job for its lost
    // heartbeat (here the failure is written as pg-boss's supervisor writes it).
    const other = await otherProcessQueue(t);
    try {
      const created = await createMirrorTask(t, demo, 'pn', 'PN-NIC-10G-2P');
      const id = created.body.data.task.id;
      const [taken] = await other.fetch<{ taskId: number }>('task.run');
      expect(taken?.data).toEqual({ taskId: id });
      await t.db.update(tasks).set({ status: 'RUNNING' }).where(eq(tasks.id, id));
      expect(await run()).toBe(0);
      await other.fail('task.run', { id: taken!.id, retryCount: 0 }, { message: 'heartbeat lost' });
      // Not before its backoff ...
      expect(await run()).toBe(0);
      await skipBackoff(t);
      await run();
      const task = await getTask(t, demo, id);
      expect(task.status).toBe('SUCCESS');
      expect(task.log.map((e) => e.message)).toEqual(
        expect.arrayContaining([
          'The server running the task stopped before it finished',
          'Will try again (attempt 1 of 2 failed)',
          'Started (attempt 2 of 2)',
        ]),
      );
      // The dead worker cannot complete an attempt it no longer holds.
      const late = await other.complete('task.run', { id: taken!.id, retryCount: 0 });
      expect((late as { affected?: number }).affected).toBe(0);

      // Twice taken, twice lost: its attempts are spent, the dead letter fails it for good.
      const second = await createMirrorTask(t, demo, 'pn', 'PN-NIC-10G-2P');
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await skipBackoff(t);
        const [job] = await other.fetch<{ taskId: number }>('task.run');
        expect(job?.data).toEqual({ taskId: second.body.data.task.id });
        await other.fail('task.run', { id: job!.id, retryCount: attempt }, { message: 'heartbeat lost' });
      }
      await run();
      const failed = await getTask(t, demo, second.body.data.task.id);
      expect(failed.status).toBe('FAILED');
      expect(failed.endTime).not.toBeNull();
      expect(failed.log.at(-1)?.message).toBe('Failed; you can retry the task');
      const sent = await t.db
        .select()
        .from(notices)
        .where(and(eq(notices.titleEn, `Task #${failed.id} failed: Firmware bundle by PN`)));
      expect(sent).toHaveLength(1);
    } finally {
      await other.stop({ graceful: false, close: true });
    }
  });

  it('stops at a stored file whose bytes no longer match its SHA256 and leaves no partial bundle', async () => {
    const hba = await seededVersion(t, 'pcie-hba-9500');
    const versions = await t.db.select().from(catalogVersions).where(eq(catalogVersions.itemId, hba.itemId));
    const newest = versions.sort((a, b) => b.releaseDate.localeCompare(a.releaseDate))[0]!;
    const { Readable } = await import('node:stream');
    await t.app.services.store.put(newest.storageKey, Readable.from([Buffer.from('tampered')]));
    const created = await createMirrorTask(t, demo, 'pn', 'PN-HBA-9500-16I');
    await run();
    const task = await getTask(t, demo, created.body.data.task.id);
    expect(task.status).toBe('FAILED');
    expect(task.log.map((e) => e.message)).toContain(
      `The stored file ${newest.fileName} does not match its published SHA256; the task stops`,
    );
    expect(filesUnder(t, `tasks/${task.id}`)).toEqual([]);
  });

  it('answers the log in the reader language', async () => {
    const created = await createMirrorTask(t, demo, 'sn', 'NOSUCHSN2');
    await run();
    const zh = await getTask(t, demo, created.body.data.task.id, 'zh-CN');
    expect(zh.log.map((e) => e.message)).toContain('SN NOSUCHSN2：服务器不存在，已跳过');
    expect(zh.summary).toBe('SN：NOSUCHSN2');
  });
});

describe('a custom LiveCD without the ISO writer', () => {
  it('fails with a message the user can act on, and leaves no file', async () => {
    const t = await createTestApp('pglite', {
      catalog: true,
      config: { XORRISO_PATH: '/nonexistent/xorriso' },
    });
    try {
      const demo = await tokenFor(t.app, 'demo', DEMO_PASSWORD);
      const base = await seededVersion(t, 'livecd-x86');
      const created = await withToken<{ task: Task }>(t.app, demo, {
        method: 'POST',
        url: '/api/tasks/livecd',
        payload: { baseVersionId: base.id },
      });
      await t.app.services.jobs.runUntilIdle();
      const task = await getTask(t, demo, created.body.data.task.id);
      expect(task.status).toBe('FAILED');
      expect(task.log.map((e) => e.message)).toContain(
        'The ISO writer (xorriso) is not installed on the server; please contact support',
      );
      expect(filesUnder(t, 'tasks')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('scratch folders of custom LiveCD tasks', () => {
  it('are removed when a dead process left them for more than a day', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { removeStaleScratch } = await import('./livecd-iso');
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-livecd-'));
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-livecd-'));
    const dayAndMore = Date.now() / 1000 - 25 * 3600;
    fs.utimesSync(old, dayAndMore, dayAndMore);
    expect(await removeStaleScratch()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh, { recursive: true, force: true });
  });
});
