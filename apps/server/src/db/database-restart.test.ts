import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Task } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './connection';
import { downloadRecords, tasks } from './schema';
import { LocalFileStore } from '../lib/file-store/local-file-store';
import { createItem, createVersion } from '../test/catalog-factories';
import { createUser } from '../test/factories';
import { freePort } from '../test/free-port';
import { buildBundle, spawnPortal } from '../test/portal-process';
import { type PostgresServer, startPostgres } from '../test/postgres-server';
import { until } from '../test/until';

type Answer = { status: number; body: { code?: number; message?: string; data?: unknown }; ms: number };

/**
 * Issue 31: the database restarted under a running portal, as an operator does it (`pg_ctl stop`
 * then `start`, fast and immediate). The portal is its own process (the bundle npm start runs),
 * on a PostgreSQL cluster of this test's own, so the restart touches nothing else.
 */
const METRICS_TOKEN = 'metrics-token-of-the-restart-test';

describe('a PostgreSQL restart under a running portal', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-dbrestart-'));
  let postgres: PostgresServer;
  let database: Database;
  let child: ChildProcess;
  let base = '';
  let output = () => '';
  let exitCode: number | null = null;

  async function call(url: string, init: RequestInit = {}): Promise<Answer> {
    const started = Date.now();
    const response = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(20_000) });
    const body = (await response.json()) as Answer['body'];
    return { status: response.status, body, ms: Date.now() - started };
  }

  beforeAll(async () => {
    buildBundle();
    postgres = await startPostgres({ durable: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The bundle, as npm start runs it (loading the sources through tsx took twice the CPU).
    ({ child, output } = spawnPortal(dataDir, {
      DATABASE_URL: postgres.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'off',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      TASK_WORKERS: '1',
      JOB_SUPERVISE_SECONDS: '1',
      DB_POOL_TIMEOUT_MS: '1000',
      METRICS_TOKEN,
    }));
    child.once('exit', (code) => (exitCode = code ?? -1));
    await until('the portal to start', async () =>
      (await fetch(`${base}/api/ready`)).ok ? true : undefined,
    );
    database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    if (exitCode === null) child.kill('SIGKILL');
    await database?.close().catch(() => undefined);
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A Prometheus scrape: its status, how long it took, and its text. */
  async function scrape() {
    const started = Date.now();
    const response = await fetch(`${base}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, ms: Date.now() - started, text: await response.text() };
  }

  /** Waits until the readiness probe reports the database `state` (an event, not a fixed sleep). */
  async function portalSeesDatabase(state: 'up' | 'down') {
    await until(`the portal to see the database ${state}`, async () => {
      const ready = await call('/api/ready');
      return (ready.body.data as { database?: string } | undefined)?.database === state ? true : undefined;
    });
  }

  async function signIn(account: string, password: string): Promise<string> {
    const login = await call('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password }),
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return (login.body.data as { token: string }).token;
  }

  describe.each(['fast', 'immediate'] as const)('pg_ctl stop -m %s, then start', (mode) => {
    it('the portal stays up, answers 503 fast while the database is away, and carries on after', async () => {
      const customer = await createUser(database.db, { roleCodes: ['customer'] });
      const token = await signIn(customer.account, customer.password);
      const auth = { authorization: `Bearer ${token}` };
      // Several pooled connections, idle when the server ends them.
      await Promise.all(Array.from({ length: 6 }, () => call('/api/getLoginUser', { headers: auth })));

      postgres.halt(mode);
      await database.close().catch(() => undefined);
      try {
        const ready = await call('/api/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.data).toMatchObject({ ready: false, database: 'down' });
        for (const locale of ['en-US', 'zh-CN']) {
          const during = await call('/api/getLoginUser', { headers: { ...auth, 'accept-language': locale } });
          expect(during.status, JSON.stringify(during.body)).toBe(503);
          expect(during.body.code).toBe(1016004);
          expect(during.body.message).toMatch(locale === 'zh-CN' ? /服务暂时不可用/ : /temporarily|briefly/);
          expect(during.ms).toBeLessThan(5_000);
        }
        const write = await call('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: customer.account, password: customer.password }),
        });
        expect(write.status).toBe(503);
        // Monitoring still reads the process, and what needs the database has no sample (not 0).
        const metrics = await scrape();
        expect(metrics.status).toBe(200);
        expect(metrics.ms).toBeLessThan(5_000);
        expect(metrics.text).toMatch(/^process_resident_memory_bytes \d+/m);
        expect(metrics.text).toMatch(/^portal_db_connection_errors_total [1-9]/m);
        expect(metrics.text).not.toMatch(/^portal_mail_queued /m);
        expect(metrics.text).not.toMatch(/^portal_job_queue_jobs\{/m);
        expect(exitCode, output()).toBeNull();
      } finally {
        postgres.resume();
      }
      const backAt = Date.now();
      await until(
        'ready again',
        async () => ((await call('/api/ready')).status === 200 ? true : undefined),
        5_000,
      );
      expect(Date.now() - backAt).toBeLessThan(5_000);
      database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 });

      expect((await scrape()).text).toMatch(/^portal_mail_queued \d+$/m);

      // Sessions carry on: the token from before still works, and a new sign-in too.
      expect((await call('/api/getLoginUser', { headers: auth })).status).toBe(200);
      await signIn(customer.account, customer.password);
      expect(exitCode, output()).toBeNull();
      expect(output()).not.toMatch(/shutting down after an error/);
      // The log says a connection was lost, in one short line per error (never the client object).
      for (const line of output()
        .split('\n')
        .filter((l) => l.includes('database connection lost')))
        expect(line.length).toBeLessThan(3_000);
    });
  });

  it('a download in flight during the restart finishes and its record is written once the database is back', async () => {
    const customer = await createUser(database.db, { roleCodes: ['customer'] });
    const token = await signIn(customer.account, customer.password);
    const item = await createItem(database.db, { kind: 'LIVECD', visibility: 'signed_in' });
    const size = 8 * 1024 * 1024;
    const version = await createVersion(database.db, new LocalFileStore(path.join(dataDir, 'files')), {
      itemId: item.id,
      version: '9.9.9',
      bytes: Buffer.alloc(size, 7),
    });
    // Read slowly: the transfer is still going when the database goes away.
    let received = 0;
    let resumeReading: () => void = () => undefined;
    const finished = new Promise<number>((resolve, reject) => {
      const request = http.get(
        `${base}/api/downloads/${version.id}`,
        { headers: { authorization: `Bearer ${token}` } },
        (response) => {
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > 1024 * 1024 && !stalled) {
              stalled = true;
              response.pause();
              resumeReading = () => response.resume();
            }
          });
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
    let stalled = false;
    await until('the transfer to be under way', () => (stalled ? true : undefined));
    postgres.halt('fast');
    await database.close().catch(() => undefined);
    resumeReading();
    expect(await finished).toBe(200);
    expect(received).toBe(size);
    // The database stays away until the portal has seen it gone: the record waits for its return.
    await portalSeesDatabase('down');
    postgres.resume();
    database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 });
    const record = await until(
      'the record to be completed',
      async () => {
        const [row] = await database.db
          .select()
          .from(downloadRecords)
          .where(eq(downloadRecords.versionId, version.id));
        return row?.status === 'complete' ? row : undefined;
      },
      20_000,
    );
    expect(record).toMatchObject({ bytes: size, counted: true, userId: customer.id });
    expect(exitCode, output()).toBeNull();
  });

  it('the job queue carries on: a task sent after a restart runs once and succeeds', async () => {
    postgres.halt('fast');
    await database.close().catch(() => undefined);
    // Away until the portal has seen it gone (its queue's connections with it), then back.
    await portalSeesDatabase('down');
    postgres.resume();
    database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 });
    await until(
      'ready again',
      async () => ((await call('/api/ready')).status === 200 ? true : undefined),
      5_000,
    );

    const customer = await createUser(database.db, { roleCodes: ['customer'] });
    const token = await signIn(customer.account, customer.password);
    const item = await createItem(database.db, { kind: 'LIVECD' });
    const livecd = await createVersion(database.db, new LocalFileStore(path.join(dataDir, 'files')), {
      itemId: item.id,
      version: '3.1.0',
    });
    const created = await call('/api/tasks/livecd', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ baseVersionId: livecd.id }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = (created.body.data as { task: Task }).task.id;
    const row = await until(
      'the task to finish',
      async () => {
        const [task] = await database.db.select().from(tasks).where(eq(tasks.id, taskId));
        return task?.status === 'SUCCESS' || task?.status === 'FAILED' ? task : undefined;
      },
      60_000,
    );
    expect(row.status, JSON.stringify(row.log)).toBe('SUCCESS');
    const starts = (row.log as { key: string }[]).filter((entry) => entry.key === 'TASK_LOG_STARTED');
    expect(starts).toHaveLength(1);
    expect(exitCode, output()).toBeNull();
  }, 90_000);

  it('stops cleanly on SIGTERM afterwards, within the grace', async () => {
    const stoppedAt = Date.now();
    const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(output()).not.toMatch(/killed by timeout/);
  }, 30_000);
});
