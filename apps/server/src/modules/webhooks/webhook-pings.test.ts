import { WEBHOOK_PINGS_PER_HOUR, type WebhookCreated, type WebhookDelivery } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { appsOnOneDatabase } from '../../test/shared-database-apps';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { startReceiver } from '../../test/webhook-receivers';

const HOUR = 3_600_000;

const createHook = (app: FastifyInstance, token: string, url: string, active = true) =>
  withToken<WebhookCreated>(app, token, {
    method: 'POST',
    url: '/api/sysUser/webhooks',
    payload: { url, events: ['release.published'], active },
  }).then((answer) => answer.body.data.id);
const ping = (app: FastifyInstance, token: string, id: number) =>
  withToken<WebhookDelivery>(app, token, { method: 'POST', url: `/api/sysUser/webhooks/${id}/ping` });

/**
 * Issue 32: test events went to switched-off webhooks too, 10 a minute per address, through the
 * delivery queue: steady pinging grew its backlog without bound. Now only to webhooks switched
 * on, and WEBHOOK_PINGS_PER_HOUR per webhook, counted in the database.
 */
describe.each(DRIVERS)('webhook test events on %s', (driver) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(driver, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('go only to a webhook switched on; switched off before it is sent, it is not sent', async () => {
    const { token } = await signedInUser(t);
    const off = await createHook(t.app, token, receiver.url('/off'), false);
    const refused = await ping(t.app, token, off);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(1026012);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, off))).toEqual(
      [],
    );

    const on = await createHook(t.app, token, receiver.url('/switched-off-later'));
    expect((await ping(t.app, token, on)).status).toBe(200);
    await withToken(t.app, token, {
      method: 'PUT',
      url: `/api/sysUser/webhooks/${on}`,
      payload: { active: false },
    });
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/switched-off-later')).toEqual([]);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, on))).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 0, lastError: 'disabled' }),
    ]);
  });

  it(`at most ${WEBHOOK_PINGS_PER_HOUR} an hour per webhook, in the reader's language, with Retry-After`, async () => {
    const { token } = await signedInUser(t);
    const hook = await createHook(t.app, token, receiver.url('/limited'));
    const other = await createHook(t.app, token, receiver.url('/other'));
    for (let n = 0; n < WEBHOOK_PINGS_PER_HOUR; n += 1)
      expect((await ping(t.app, token, hook)).status).toBe(200);
    const over = await withToken(t.app, token, {
      method: 'POST',
      url: `/api/sysUser/webhooks/${hook}/ping?locale=en-US`,
    });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(1026013);
    expect(over.body.message).toBe(
      `At most ${WEBHOOK_PINGS_PER_HOUR} test events per hour to one webhook: try again in 60 minutes`,
    );
    expect(Number(over.headers['retry-after'])).toBe(3600);
    // Another webhook has its own count; the hour over, this one may be tested again.
    expect((await ping(t.app, token, other)).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await ping(t.app, token, hook)).status).toBe(200);
    expect(
      await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook)),
    ).toHaveLength(WEBHOOK_PINGS_PER_HOUR + 1);
  });
});

describe('webhook test events, two processes on postgres', () => {
  let processes: Awaited<ReturnType<typeof appsOnOneDatabase>>;

  beforeAll(async () => {
    processes = await appsOnOneDatabase(2, { WEBHOOK_ALLOW_PRIVATE: 'on' });
  }, 60_000);
  afterAll(() => processes.close());

  it('count once across every process', async () => {
    const [a, b] = processes.apps as [FastifyInstance, FastifyInstance];
    const user = await createUser(processes.db, { roleCodes: ['customer'] });
    const token = await tokenFor(a, user.account, user.password);
    const hook = await createHook(a, token, 'http://127.0.0.1:65000/shared');
    const statuses = [];
    for (let n = 0; n <= WEBHOOK_PINGS_PER_HOUR; n += 1)
      statuses.push((await ping(n % 2 === 0 ? a : b, token, hook)).status);
    expect(statuses).toEqual([...new Array<number>(WEBHOOK_PINGS_PER_HOUR).fill(200), 429]);
  });
});
