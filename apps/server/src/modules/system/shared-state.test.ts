import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCESS_VERSION_HEADER, ErrorCode } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/connection';
import { seedDatabase } from '../../db/seed/seed';
import { randomCaptchaText } from '../captcha/captcha.service';
import { createUser, type TestUser } from '../../test/factories';
import { ADMIN_PASSWORD, createPostgresDatabase } from '../../test/test-app';

const LIMIT = 6;

/**
 * Two portal processes' worth of state: two apps, each with its own pool, on one PostgreSQL
 * database, as behind a load balancer. Whatever one process learns, the other must know.
 */
describe('state shared by every process (two apps on one PostgreSQL)', () => {
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  const dataDirs: string[] = [];
  const issued: string[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let customer: TestUser;

  beforeAll(async () => {
    const url = await createPostgresDatabase();
    for (let n = 0; n < 2; n += 1) {
      const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
      if (n === 0) {
        await database.migrate();
        await seedDatabase(database.db, { admin: ADMIN_PASSWORD }, new Date(), { demo: false });
        customer = await createUser(database.db, { roleCodes: ['customer'] });
      }
      const dataDir = mkdtempSync(path.join(tmpdir(), `portal-shared-${n}-`));
      const config = loadConfig({
        CAPTCHA: 'on',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: dataDir,
        TASK_WORKERS: '0',
        LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        API_TOKEN_REQUESTS_PER_MINUTE: String(LIMIT),
      });
      const app = await buildApp({
        config,
        database,
        logger: false,
        captchaText: () => {
          const text = randomCaptchaText();
          issued.push(text);
          return text;
        },
      });
      await app.ready();
      apps.push(app);
      databases.push(database);
      dataDirs.push(dataDir);
    }
    [a, b] = apps as [FastifyInstance, FastifyInstance];
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const captchaFrom = async (app: FastifyInstance) => {
    const answer = await app.inject({ url: '/api/captcha.jpg' });
    const cookie = answer.cookies.find((c) => c.name === 'portal_captcha');
    return { cookie: `portal_captcha=${cookie?.value}`, text: issued.at(-1) ?? '' };
  };
  const signIn = (app: FastifyInstance, captcha: { cookie: string; text: string }) =>
    app.inject({
      method: 'POST',
      url: `/api/login?code=${captcha.text}&locale=en-US`,
      headers: { cookie: captcha.cookie, 'x-forwarded-for': '198.51.100.7' },
      payload: { account: customer.account, password: customer.password },
    });

  it('a captcha shown by one process is checked by the other, once', async () => {
    const captcha = await captchaFrom(a);
    const first = await signIn(b, captcha);
    expect(first.json()).toMatchObject({ success: true });
    const replay = await signIn(a, captcha);
    expect(replay.json().code).toBe(ErrorCode.CAPTCHA_WRONG);
  });

  it('a session made by one process works on the other, and its sign-out ends it on both at once', async () => {
    const token = (await signIn(a, await captchaFrom(a))).json().data.token as string;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await b.inject({ url: '/api/getLoginUser', headers: bearer })).statusCode).toBe(200);
    expect((await b.inject({ url: '/api/logout', headers: bearer })).statusCode).toBe(200);
    for (const app of [a, b])
      expect((await app.inject({ url: '/api/getLoginUser', headers: bearer })).statusCode).toBe(401);
  });

  it('what a user may reach, cached by each process, changes in every process at once', async () => {
    const token = (await signIn(a, await captchaFrom(a))).json().data.token as string;
    const bearer = { authorization: `Bearer ${token}` };
    const menuPaths = async (app: FastifyInstance) =>
      (
        (await app.inject({ url: '/api/getLoginUser', headers: bearer })).json().data.menus as Array<{
          path: string;
        }>
      ).map((menu) => menu.path);
    // The access version every answer carries (the console reloads its menus when it grows).
    const versionOn = async (app: FastifyInstance) =>
      Number((await app.inject({ url: '/api/notices', headers: bearer })).headers[ACCESS_VERSION_HEADER]);
    const before = await menuPaths(a);
    expect(before.length).toBeGreaterThan(1);
    expect(await menuPaths(a)).toEqual(before); // now served from process a's cache
    const seen = await versionOn(a);
    expect(await versionOn(b)).toBe(seen);
    // Staff (through process b's database connection) take one menu away from the customer's roles.
    const removed = before[before.length - 1];
    await databases[1]?.db.execute(
      sql`delete from role_menus where menu_id = (select id from menus where path = ${removed} limit 1)`,
    );
    expect(await versionOn(a)).toBeGreaterThan(seen);
    expect(await versionOn(b)).toBe(await versionOn(a));
    expect(await menuPaths(a)).not.toContain(removed);
    expect(await menuPaths(b)).not.toContain(removed);
  });

  it('the sign-in limit is one limit across the processes, not one each', async () => {
    let accepted = 0;
    for (let attempt = 0; attempt < LIMIT * 2; attempt += 1) {
      const app = attempt % 2 === 0 ? a : b;
      const answer = await app.inject({
        method: 'POST',
        url: '/api/login?locale=en-US',
        // Another address than the tests above, so their sign-ins do not count here.
        remoteAddress: '203.0.113.9',
        payload: { account: `nobody_${attempt}`, password: 'Wrong#Pass1' },
      });
      if (answer.statusCode !== 429) accepted += 1;
    }
    expect(accepted).toBe(LIMIT);
  });

  it('a personal access token is one quota across the processes, and its revocation holds in both at once', async () => {
    const { token, id } = await a.services.apiTokens.create(customer.id, {
      name: 'fleet',
      scopes: ['catalog:read'],
      expiresInDays: 1,
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT * 2; attempt += 1) {
      const answer = await (attempt % 2 === 0 ? a : b).inject({
        url: '/api/catalog/models',
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LIMIT);
    // Revoked through process b's database connection: process a refuses it on the next request.
    await databases[1]?.db.execute(sql`update api_tokens set revoked_at = now() where id = ${id}`);
    const after = await a.inject({
      url: '/api/catalog/models',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });
});
