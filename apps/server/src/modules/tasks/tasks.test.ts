import {
  BUNDLE_MANIFEST_CSV,
  BUNDLE_MANIFEST_JSON,
  BUNDLE_SHA256SUMS,
  ErrorCode,
  formatSize,
  type Task,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, notices, tasks } from '../../db/schema';
import { createServer } from '../../test/catalog-factories';
import { signedInUser } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { type BundleCatalogue, bundleCatalogue, PARTS } from '../../test/task-fixtures';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
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

const ORGANISATION = 'Bundle Cloud Co';

describe.each(DRIVERS)('background tasks on %s', (driver) => {
  let t: TestApp;
  let catalogue: BundleCatalogue;
  /** A server shipped to ORGANISATION, with two PCIe cards and older BMC and BIOS installed. */
  let sn: string;
  /** A customer of ORGANISATION, the early-access BMC's grantee. */
  let customer: string;
  beforeAll(async () => {
    // Not the default 5 s: the retry test below finds it stamped on the task's job.
    t = await createTestApp(driver, { config: { TASK_RETRY_DELAY_SECONDS: 7 } });
    catalogue = await bundleCatalogue(t, { earlyAccess: ORGANISATION });
    const server = await createServer(t.db, {
      modelId: catalogue.model.id,
      customer: ORGANISATION,
      pcieParts: [PARTS.nic25g, PARTS.raid],
      installed: { BMC: '4.0.1', BIOS: '6.0.1' },
    });
    sn = server.sn;
    customer = (await signedInUser(t, { roleCodes: ['customer'], organisation: ORGANISATION })).token;
  }, 60_000);
  afterAll(() => t.close());

  const run = () => t.app.services.jobs.runUntilIdle();

  it('LIST_MIRROR_SN bundles the newest firmware of every kind and PCIe card the user may see, with SHA256SUMS and manifests', async () => {
    const created = await createMirrorTask(t, customer, 'sn', `${sn.toLowerCase()}, NOSUCHSN1`);
    expect(created.status).toBe(200);
    expect(created.body.data.message).toMatch(/Personal center > Tasks/);
    const id = created.body.data.task.id;
    expect(created.body.data.task).toMatchObject({
      type: 'LIST_MIRROR_SN',
      status: 'PENDING',
      summary: `SN: ${sn}, NOSUCHSN1`,
    });

    expect(await run()).toBe(1);
    const task = await getTask(t, customer, id);
    expect(task.status).toBe('SUCCESS');
    expect(task.startTime).not.toBeNull();
    expect(task.endTime).not.toBeNull();
    const messages = task.log.map((entry) => entry.message);
    expect(messages).toContain('SN NOSUCHSN1: no such server; skipped');
    expect(messages.some((m) => m.startsWith(`SN ${sn}: model ${catalogue.model.code}`))).toBe(true);

    const bundle = await downloadResult(t, customer, id);
    expect(sha256(bundle)).toBe(task.result?.sha256);
    expect(bundle.length).toBe(task.result?.size);
    // Sizes as the console shows them, not byte counts (issue 42 §3).
    expect(messages.find((m) => m.startsWith('Packaged '))).toMatch(
      new RegExp(`^Packaged \\d+ files, ${formatSize(bundle.length)} in all, SHA256 ${task.result?.sha256}$`),
    );
    expect(
      messages.filter((m) => m.startsWith('Adding ')).every((m) => /\(\d+(\.\d)? (B|KB|MB)\)$/.test(m)),
    ).toBe(true);
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
    // Every firmware kind of the model and both cards, not the model's configuration file. The
    // organisation sees the restricted early-access BMC: its 4.2.0 is offered, and its later
    // 4.3.0-rc1 is not, since a pre-release is never "the newest" (issue 17: the bundle used to
    // pick the rc).
    expect([...byComponent.keys()].sort()).toEqual(['BIOS', 'BMC', 'CPLD', PARTS.nic25g, PARTS.raid].sort());
    expect(byComponent.get('BMC')).toMatchObject({
      sn,
      currentVersion: '4.0.1',
      offeredVersion: '4.2.0',
    });
    expect(byComponent.get('BIOS')).toMatchObject({ currentVersion: '6.0.1', offeredVersion: '6.1.2' });
    expect(byComponent.get(PARTS.nic25g)).toMatchObject({
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
    // State, install order, reboot and prerequisites are filled for "download what is missing"
    // bundles (issue 42); a plain SN bundle leaves them empty.
    expect(csv[0]).toBe(
      'sn,pn,model,component,item,currentVersion,offeredVersion,state,severity,installOrder,rebootRequired,prerequisites,file,sha256,sbom,sbomSha256',
    );
    expect(csv).toHaveLength(manifest.rows.length + 1);
    expect(
      csv.some(
        (line) => line.startsWith(`${sn},,${catalogue.model.code},BMC,`) && line.includes(',4.0.1,4.2.0,'),
      ),
    ).toBe(true);

    const [notice] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.titleEn, `Task #${id} finished: Firmware bundle by SN`));
    expect(notice).toBeDefined();
  });

  it('picks only what the user may see: another company gets the public BMC, not the restricted one', async () => {
    // Contoso owns a server of the same model; the early-access BMC is granted to ORGANISATION only.
    const contoso = 'Contoso Research Institute';
    const server = await createServer(t.db, { modelId: catalogue.model.id, customer: contoso });
    const { token } = await signedInUser(t, { roleCodes: ['customer'], organisation: contoso });
    const created = await createMirrorTask(t, token, 'sn', server.sn);
    await run();
    const task = await getTask(t, token, created.body.data.task.id);
    expect(task.status).toBe('SUCCESS');
    const files = readTar(await downloadResult(t, token, task.id));
    const rows = JSON.parse(files.get(BUNDLE_MANIFEST_JSON)?.toString('utf8') ?? '{}').rows as {
      component: string;
      offeredVersion: string;
    }[];
    // The organisation's early-access 4.2.0 is newer, but not this company's to see.
    expect(rows.find((r) => r.component === 'BMC')?.offeredVersion).toBe('4.1.2');
    expect([...files.keys()].some((name) => name.includes('4.2.0') || name.includes('4.3.0-rc1'))).toBe(
      false,
    );
  });

  it("answers another customer's SN exactly like an unknown SN: nothing about the server, no files", async () => {
    const { token } = await signedInUser(t, { roleCodes: ['customer'], company: ORGANISATION });
    const foreign = await createMirrorTask(t, token, 'sn', sn);
    const unknown = await createMirrorTask(t, token, 'sn', 'TSN99999999');
    await run();
    const [a, b] = [
      await getTask(t, token, foreign.body.data.task.id),
      await getTask(t, token, unknown.body.data.task.id),
    ];
    expect(a.status).toBe('FAILED');
    expect(b.status).toBe('FAILED');
    const texts = (task: typeof a, sn: string) => task.log.map((line) => line.message.replaceAll(sn, '<SN>'));
    expect(texts(a, sn)).toEqual(texts(b, 'TSN99999999'));
    expect(JSON.stringify(a)).not.toMatch(new RegExp(`${catalogue.model.code}|BMC|4\\.1\\.2`));
  });

  it('LIST_MIRROR_PN from a .txt upload; a list with nothing available fails with a readable log and can be retried', async () => {
    const form = (text: string) => {
      const boundary = 'xbound';
      return {
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pns.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
        headers: {
          authorization: `Bearer ${customer}`,
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
    const task = await getTask(t, customer, id);
    expect(task.status).toBe('SUCCESS');
    expect(task.log.map((e) => e.message)).toContain('PN PN-UNKNOWN: no firmware available to you; skipped');
    const files = readTar(await downloadResult(t, customer, id));
    verifySums(files.get(BUNDLE_SHA256SUMS)?.toString('utf8') ?? '', files);
    const csv = files.get(BUNDLE_MANIFEST_CSV)?.toString('utf8') ?? '';
    expect(csv).toContain(',PN-NIC-10G-2P,,PCIE,');
    expect(csv).toContain(',PN-HBA-9500-16I,,PCIE,');

    const nothing = await createMirrorTask(t, customer, 'pn', 'PN-NOTHING-1');
    await run();
    const failed = await getTask(t, customer, nothing.body.data.task.id);
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
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(result.statusCode).toBe(410);
    expect(result.json().code).toBe(ErrorCode.TASK_RESULT_GONE);
    const retried = await withToken<Task>(t.app, customer, {
      method: 'POST',
      url: `/api/tasks/${failed.id}/retry`,
    });
    expect(retried.body.data.status).toBe('PENDING');
    const again = await withToken(t.app, customer, { method: 'POST', url: `/api/tasks/${failed.id}/retry` });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ErrorCode.TASK_NOT_RETRYABLE);
    await run();
    expect((await getTask(t, customer, failed.id)).status).toBe('FAILED');
  });

  it('refuses bad input with the lookup messages, and keeps tasks private', async () => {
    const empty = await createMirrorTask(t, customer, 'sn', ' , ');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(ErrorCode.PCIE_SN_EMPTY);
    const eleven = Array.from({ length: 11 }, (_, i) => `SN${i}`).join(',');
    expect((await createMirrorTask(t, customer, 'sn', eleven)).body.code).toBe(
      ErrorCode.PCIE_TOO_MANY_VALUES,
    );
    const txt = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/mirror/upload?by=sn',
      payload:
        '--b\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\n\r\nA\r\n--b--\r\n',
      headers: { authorization: `Bearer ${customer}`, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(txt.json().code).toBe(ErrorCode.FILE_TYPE_NOT_ALLOWED);

    const mine = await createMirrorTask(t, customer, 'pn', PARTS.nic10g);
    const { token } = await signedInUser(t);
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
    const { token } = await signedInUser(t);
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
    const base = catalogue.livecdBase;
    const bmc = catalogue.newestBmc;
    const nic = catalogue.partVersion(PARTS.nic25g);
    const bad = await withToken(t.app, customer, {
      method: 'POST',
      url: '/api/tasks/livecd?locale=en-US',
      payload: { baseVersionId: bmc.id, componentVersionIds: [nic.id] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.LIVECD_BASE_INVALID);
    const unknown = await withToken(t.app, customer, {
      method: 'POST',
      url: '/api/tasks/livecd',
      payload: { baseVersionId: base.id, componentVersionIds: [999_999] },
    });
    expect(unknown.body.code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);

    const created = await withToken<{ task: Task }>(t.app, customer, {
      method: 'POST',
      url: '/api/tasks/livecd?locale=en-US',
      payload: { baseVersionId: base.id, componentVersionIds: [bmc.id, nic.id], label: 'M7_SERVICE' },
    });
    expect(created.status).toBe(200);
    await run();
    const task = await getTask(t, customer, created.body.data.task.id);
    expect(task.status, JSON.stringify(task.log)).toBe('SUCCESS');
    expect(task.result?.fileName).toBe(`livecd-${task.id}-M7_SERVICE.iso`);
    const iso = await downloadResult(t, customer, task.id);
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
    const created = await createMirrorTask(t, customer, 'pn', PARTS.nic10g);
    await run();
    const id = created.body.data.task.id;
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, id));
    expect(await t.app.services.store.stat(row?.resultKey ?? '')).not.toBeNull();
    t.clock.advance(73 * 3_600_000);
    expect(await t.app.services.tasks.removeExpiredResults()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.store.stat(row?.resultKey ?? '')).toBeNull();
    const task = await getTask(t, customer, id);
    expect(task).toMatchObject({ status: 'SUCCESS', result: null, resultExpired: true });
    expect(task.log.at(-1)?.message).toBe('The result expired and was removed');
    expect(
      (
        await t.app.inject({
          url: `/api/tasks/${id}/result`,
          headers: { authorization: `Bearer ${customer}` },
        })
      ).statusCode,
    ).toBe(410);
  });

  it('a task whose worker died is retried, and fails clearly once its attempts are spent', async () => {
    // Another process's worker takes the job and dies; pg-boss fails the job for its lost
    // heartbeat (here the failure is written as pg-boss's supervisor writes it).
    const other = await otherProcessQueue(t);
    try {
      const created = await createMirrorTask(t, customer, 'pn', PARTS.nic10g);
      const id = created.body.data.task.id;
      const [taken] = await other.fetch<{ taskId: number }>('task.run');
      expect(taken?.data).toEqual({ taskId: id });
      // Its retry waits about TASK_RETRY_DELAY_SECONDS: the value the job took when it was sent.
      const stamped = (await t.db.execute(
        sql`select retry_delay from pgboss.job where id = ${taken!.id}::uuid`,
      )) as unknown as { rows: { retry_delay: number }[] };
      expect(stamped.rows).toEqual([{ retry_delay: 7 }]);
      await t.db.update(tasks).set({ status: 'RUNNING' }).where(eq(tasks.id, id));
      expect(await run()).toBe(0);
      await other.fail('task.run', { id: taken!.id, retryCount: 0 }, { message: 'heartbeat lost' });
      // Not before its backoff ...
      expect(await run()).toBe(0);
      await skipBackoff(t);
      await run();
      const task = await getTask(t, customer, id);
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
      const second = await createMirrorTask(t, customer, 'pn', PARTS.nic10g);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await skipBackoff(t);
        const [job] = await other.fetch<{ taskId: number }>('task.run');
        expect(job?.data).toEqual({ taskId: second.body.data.task.id });
        await other.fail('task.run', { id: job!.id, retryCount: attempt }, { message: 'heartbeat lost' });
      }
      await run();
      const failed = await getTask(t, customer, second.body.data.task.id);
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
    const hba = catalogue.partVersion(PARTS.hba);
    const versions = await t.db.select().from(catalogVersions).where(eq(catalogVersions.itemId, hba.itemId));
    const newest = versions.sort((a, b) => b.releaseDate.localeCompare(a.releaseDate))[0]!;
    const { Readable } = await import('node:stream');
    await t.app.services.store.put(newest.storageKey, Readable.from([Buffer.from('tampered')]));
    const created = await createMirrorTask(t, customer, 'pn', PARTS.hba);
    await run();
    const task = await getTask(t, customer, created.body.data.task.id);
    expect(task.status).toBe('FAILED');
    expect(task.log.map((e) => e.message)).toContain(
      `The stored file ${newest.fileName} does not match its published SHA256; the task stops`,
    );
    expect(filesUnder(t, `tasks/${task.id}`)).toEqual([]);
  });

  it('answers the log in the reader language', async () => {
    const created = await createMirrorTask(t, customer, 'sn', 'NOSUCHSN2');
    await run();
    const zh = await getTask(t, customer, created.body.data.task.id, 'zh-CN');
    expect(zh.log.map((e) => e.message)).toContain('SN NOSUCHSN2：服务器不存在，已跳过');
    expect(zh.summary).toBe('SN：NOSUCHSN2');
  });
});
