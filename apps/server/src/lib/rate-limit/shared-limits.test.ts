import { ErrorCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loginRecords } from '../../db/schema';
import { loadConfig } from '../../config';
import { login } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/**
 * Rate limits live in the database (issue 16 §3): two portal processes behind one load
 * balancer share them, so a client cannot double its allowance by hitting both.
 */
describe.each(DRIVERS)('rate limits shared by processes on %s', (driver) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    t = await createTestApp(driver, { config: { LOGIN_RATE_LIMIT_PER_MINUTE: 4 } });
    // A second process: its own app, the same database and clock.
    const config = {
      ...loadConfig({ CAPTCHA: 'off', WEB_DIST_DIR: '/nonexistent', DATA_DIR: t.dataDir, TASK_WORKERS: '0' }),
      LOGIN_RATE_LIMIT_PER_MINUTE: 4,
    };
    second = await buildApp({ config, database: t.database, clock: t.clock, logger: false });
    await second.ready();
  }, 60_000);
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('counts the hits of one client on every process against one limit', async () => {
    const statuses = [];
    for (const app of [t.app, second, t.app, second, t.app, second]) {
      statuses.push((await login(app, 'nobody-rl', 'Wrong#Pass1')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const refused = await login(second, 'nobody-rl', 'Wrong#Pass1', '?locale=en-US');
    expect(refused.body.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The window ends for both at once.
    t.clock.advance(60_000);
    expect((await login(second, 'nobody-rl-2', 'Wrong#Pass1')).status).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  /** The address a sign-in attempt is recorded with, behind a load balancer at 10.0.0.2. */
  const clientIpBehind = async (trustProxy: string, forwardedFor: string) => {
    const t = await createTestApp('pglite', {
      config: { TRUST_PROXY: loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY },
    });
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { account: 'nobody-ip', password: 'Wrong#Pass1' },
      });
      const [record] = await t.db
        .select({ ip: loginRecords.ip })
        .from(loginRecords)
        .where(eq(loginRecords.account, 'nobody-ip'));
      return record?.ip;
    } finally {
      await t.close();
    }
  };

  it('takes the client address from the trusted hops only, so a client cannot name its own', async () => {
    // One load balancer (10.0.0.2) appends the real client (203.0.113.7) to what the client sent.
    expect(await clientIpBehind('1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIpBehind('10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIpBehind('off', '6.6.6.6, 203.0.113.7')).toBe('10.0.0.2');
    // Three apps, each on a database of its own: 10 s alone, past 30 s twice in a loaded CI run.
  }, 120_000);
});
