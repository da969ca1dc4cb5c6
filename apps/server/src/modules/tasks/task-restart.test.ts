import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Task } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/connection';
import { tasks } from '../../db/schema';
import { LocalFileStore } from '../../lib/file-store/local-file-store';
import { createItem, createVersion } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { ADMIN_PASSWORD, createPostgresDatabase } from '../../test/test-app';
import { sha256 } from './bundle-check';
import { freePort } from '../../test/free-port';
import { buildBundle, spawnPortal } from '../../test/portal-process';
import { until } from '../../test/until';

/**
 * A real restart: the portal runs as its own process, a custom LiveCD task is RUNNING in it
 * (its ISO writer is slowed down), the process is killed with SIGKILL, and another portal
 * on the same database and files takes the task over once pg-boss sees the dead worker's heartbeat
 * overdue (set back rather than waited for: see below).
 */
describe('a task interrupted by a server restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-restart-'));
  let child: ChildProcess | undefined;
  let database: Database | undefined;
  beforeAll(() => buildBundle(), 120_000);
  afterAll(async () => {
    // Only when the test stopped before killing it (the group is gone otherwise).
    if (child?.pid && child.exitCode === null && child.signalCode === null)
      process.kill(-child.pid, 'SIGKILL');
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken over by another server process and finishes', async () => {
    const databaseUrl = await createPostgresDatabase();
    const slowWriter = path.join(dataDir, 'slow-xorriso.sh');
    writeFileSync(slowWriter, '#!/bin/sh\nsleep 60\nexec xorriso "$@"\n');
    chmodSync(slowWriter, 0o755);
    const port = await freePort();
    const env = {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      // The reference data only: the test adds the customer and the LiveCD base it needs.
      SEED_DEMO: 'off',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      JOB_HEARTBEAT_SECONDS: '10',
      JOB_SUPERVISE_SECONDS: '1',
      // The job takes the queue's value when this process sends it: its retry waits about 1 s, not 5.
      TASK_RETRY_DELAY_SECONDS: '1',
      XORRISO_PATH: slowWriter,
    };
    // The bundle as npm start runs it (loading the sources through tsx took seconds more), in a
    // process group of its own so the kill takes the ISO writer with it.
    child = spawnPortal(dataDir, env, { detached: true }).child;
    const base = `http://127.0.0.1:${port}`;
    await until('the first server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
    database = await openDatabase({ databaseUrl, poolSize: 4 });
    const { db } = database;
    const customer = await createUser(db, { roleCodes: ['customer'] });
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: customer.account, password: customer.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // The base image's file goes where both servers' local stores read (DATA_DIR/files).
    const item = await createItem(db, { kind: 'LIVECD' });
    const livecd = await createVersion(db, new LocalFileStore(path.join(dataDir, 'files')), {
      itemId: item.id,
      version: '2.4.0',
    });
    const created = await fetch(`${base}/api/tasks/livecd`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ baseVersionId: livecd.id }),
    });
    const taskId = ((await created.json()) as { data: { task: Task } }).data.task.id;
    // The first server works on it (its ISO writer is sleeping) ...
    await until('the task to run', async () => {
      const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
      return row?.status === 'RUNNING' &&
        (row.log as { key: string }[]).some((e) => e.key === 'TASK_LOG_ISO_WRITING')
        ? true
        : undefined;
    });
    // ... and dies.
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await exited;
    // pg-boss fails a job whose heartbeat is older than its heartbeat period (10 s, pg-boss's
    // floor): instead of waiting that long, the dead worker's last heartbeat is set back by it, as
    // if the time had passed. What follows (another process's supervisor failing the attempt,
    // the retry on that process) is as real. The period is the job's own, as the portal sent it.
    const lapsed = await db.execute(
      sql`update pgboss.job set heartbeat_on = heartbeat_on - heartbeat_seconds * interval '1 second'
          where state = 'active' returning heartbeat_seconds`,
    );
    expect((lapsed as unknown as { rows: unknown[] }).rows).toEqual([{ heartbeat_seconds: 10 }]);

    // Another server on the same database and files, with the real ISO writer: the dead worker's
    // heartbeat overdue, pg-boss fails the attempt and this server runs the retry.
    const config = loadConfig({
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      WEB_DIST_DIR: '/nonexistent',
      TASK_WORKERS: '1',
      JOB_HEARTBEAT_SECONDS: '10',
      JOB_SUPERVISE_SECONDS: '1',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const userId = (await db.select({ userId: tasks.userId }).from(tasks).where(eq(tasks.id, taskId)))[0]
        ?.userId;
      const task = await until(
        'the task to finish on the second server',
        async () => {
          const read = await app.services.tasks.get(userId ?? 0, taskId, 'en-US');
          return read.status === 'SUCCESS' || read.status === 'FAILED' ? read : undefined;
        },
        90_000,
      );
      expect(task.status, JSON.stringify(task.log)).toBe('SUCCESS');
      expect(task.log.map((entry) => entry.message)).toEqual(
        expect.arrayContaining([
          'Started (attempt 1 of 2)',
          'The server running the task stopped before it finished',
          'Will try again (attempt 1 of 2 failed)',
          'Started (attempt 2 of 2)',
        ]),
      );
      const result = await app.inject({
        url: `/api/tasks/${taskId}/result`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(result.statusCode).toBe(200);
      expect(sha256(result.rawPayload)).toBe(task.result?.sha256);
    } finally {
      await app.close();
    }
  }, 120_000);
});
