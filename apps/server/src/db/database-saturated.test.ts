import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from './connection';
import { seedDatabase } from './seed/seed';
import { ADMIN_PASSWORD, adminToken, createPostgresDatabase } from '../test/test-app';

/**
 * Issue 31 §2: a slow or saturated database (a long lock, a full pool) answers 503 in bounded
 * time, never a hang or a 500, and the process recovers by itself once it is free again.
 */
describe('a slow or saturated PostgreSQL', () => {
  const STATEMENT_TIMEOUT_MS = 1_000;
  const POOL_TIMEOUT_MS = 500;
  let url = '';
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token = '';

  beforeAll(async () => {
    url = await createPostgresDatabase();
    database = await openDatabase({
      databaseUrl: url,
      poolSize: 2,
      poolTimeoutMs: POOL_TIMEOUT_MS,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    await database.migrate();
    await seedDatabase(database.db, { admin: ADMIN_PASSWORD, demo: 'Demo#Pass1' }, new Date(), {
      demo: false,
    });
    const config = loadConfig({ CAPTCHA: 'off', WEB_DIST_DIR: '/nonexistent', TASK_WORKERS: '0' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    token = await adminToken(app);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const me = (locale = 'en-US') =>
    app.inject({
      url: '/api/getLoginUser',
      headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
    });

  it('a table locked by another session: the request is cancelled by statement_timeout and answers 503', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table users in access exclusive mode');
      const started = Date.now();
      const answer = await me('zh-CN');
      const took = Date.now() - started;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ success: false, code: 1016004 });
      expect(answer.json().message).toMatch(/服务暂时不可用/);
      expect(took).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(STATEMENT_TIMEOUT_MS + 3_000);
    } finally {
      await other.query('rollback');
      await other.end();
    }
    expect((await me()).statusCode).toBe(200);
  });

  it('a full pool: a request waits at most the pool timeout, answers 503, and works once a connection is free', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holders = [0, 1].map(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(database.poolStats()).toMatchObject({ total: 2, idle: 0 });
      const started = Date.now();
      const answer = await me();
      const took = Date.now() - started;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toMatchObject({ success: false, code: 1016004 });
      expect(answer.json().message).toMatch(/try again in 5 seconds/);
      expect(took).toBeLessThan(POOL_TIMEOUT_MS + 1_000);
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().data).toMatchObject({ database: 'down' });
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await me()).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('a query past statement_timeout is cancelled by the server (the pool stays usable)', async () => {
    await expect(database.db.execute(sql`select pg_sleep(3)`)).rejects.toMatchObject({
      cause: { code: '57014' },
    });
    expect((await me()).statusCode).toBe(200);
  });
});
