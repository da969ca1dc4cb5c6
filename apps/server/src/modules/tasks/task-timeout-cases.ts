import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Task } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { createTestApp, type Driver, type TestApp } from '../../test/test-app';
import { createMirrorTask, getTask } from './tasks-test-kit';
import { until } from '../../test/until';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * One worker (TASK_WORKERS=1) and an ISO writer that hangs: the LiveCD task fails at its
 * time limit, the writer and its children are killed, and the bundle sent after it runs.
 * The limit and the check after it are real time: one file per driver
 * (task-timeout-pglite.test.ts, task-timeout-postgres.test.ts), so the two waits overlap.
 */
export const describeTaskTimeout = (only: Driver) =>
  describe.each([only])('a task that hangs, on %s', (driver) => {
    let t: TestApp;
    let customer: string;
    /** The part number of the one card the catalogue has firmware for. */
    const part = 'PN-NIC-10G-2P';
    let pidFile: string;
    beforeAll(async () => {
      // Every process stamps a task's time limit on the job it sends: both apps share the setting.
      const limits = loadConfig({ TASK_TIMEOUT_SECONDS: 'PACKAGE_LIVE_CD=3' }).TASK_TIMEOUT_SECONDS;
      t = await createTestApp(driver, { config: { TASK_TIMEOUT_SECONDS: limits } });
      // The writer lives in the test's data folder, so it is made after the app; a second app
      // on the same database runs the jobs with it (the first one only sends).
      pidFile = path.join(t.dataDir, 'writer.pid');
      const hangingWriter = path.join(t.dataDir, 'hanging-xorriso.sh');
      writeFileSync(hangingWriter, `#!/bin/sh\necho $$ > ${pidFile}\nsleep 600\n`);
      chmodSync(hangingWriter, 0o755);
      customer = (await signedInUser(t)).token;
      await publishedItem(t, { kind: 'PCIE', parts: [part] });
      worker = await buildApp({
        config: {
          ...loadConfig({
            CAPTCHA: 'off',
            WEB_DIST_DIR: '/nonexistent',
            DATA_DIR: t.dataDir,
            TASK_WORKERS: '1',
            TASK_TIMEOUT_SECONDS: 'PACKAGE_LIVE_CD=3',
            XORRISO_PATH: hangingWriter,
          }),
        },
        database: t.database,
        clock: t.clock,
        logger: false,
      });
      await worker.ready();
    }, 60_000);
    let worker: Awaited<ReturnType<typeof buildApp>>;
    afterAll(async () => {
      await worker?.close();
      await t.close();
    });

    it('fails at its time limit, kills the writer, and the bundle behind it succeeds', async () => {
      const { version: base } = await publishedItem(t, { kind: 'LIVECD' });
      // Taken before the task exists: its limit counts from a moment after this, however long the
      // requests below take on a busy machine (CI-AU: the bundle's request took 0.6 s, and a clock
      // started after it saw the 3 s limit end 2.4 s later).
      const started = Date.now();
      const livecd = await withToken<{ task: Task }>(t.app, customer, {
        method: 'POST',
        url: '/api/tasks/livecd?locale=en-US',
        payload: { baseVersionId: base.id },
      });
      expect(livecd.status).toBe(200);
      const bundle = await createMirrorTask(t, customer, 'pn', part);

      const hung = await until('the LiveCD task to end', async () => {
        const task = await getTask(t, customer, livecd.body.data.task.id);
        return task.status === 'FAILED' || task.status === 'SUCCESS' ? task : undefined;
      });
      expect(hung.status).toBe('FAILED');
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
      expect(hung.log.map((entry) => entry.message)).toEqual(
        expect.arrayContaining([
          'Stopped: the task ran longer than its limit of 1 min',
          'Failed; you can retry the task',
        ]),
      );
      // The writer (a shell leading its own process group) and its child (sleep) are gone.
      const writerGroup = -Number(readFileSync(pidFile, 'utf8'));
      await until(
        'the writer and its children to die',
        async () => (alive(writerGroup) ? undefined : true),
        5_000,
      );

      const next = await until('the bundle behind it', async () => {
        const task = await getTask(t, customer, bundle.body.data.task.id);
        return task.status === 'SUCCESS' || task.status === 'FAILED' ? task : undefined;
      });
      expect(next.status, JSON.stringify(next.log)).toBe('SUCCESS');

      // The timed-out task stays failed (pg-boss's retry of the timed-out job does nothing).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await getTask(t, customer, livecd.body.data.task.id)).status).toBe('FAILED');
    }, 90_000);
  });
