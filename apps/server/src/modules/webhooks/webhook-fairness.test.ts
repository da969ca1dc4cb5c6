import { WEBHOOK_IN_FLIGHT_PER_ACCOUNT, type WebhookCreated } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { appsOnOneDatabase } from '../../test/shared-database-apps';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { startReceiver, startTarpit } from '../../test/webhook-receivers';

/** How late another account's delivery may come while one account's receiver holds its deliveries. */
const BOUND_MS = 3_000;

async function createWebhook(app: FastifyInstance, token: string, url: string) {
  const created = await withToken<WebhookCreated>(app, token, {
    method: 'POST',
    url: '/api/sysUser/webhooks',
    payload: { url, events: ['release.published'] },
  });
  expect(created.status).toBe(200);
  return created.body.data.id;
}

async function pingWebhook(app: FastifyInstance, token: string, id: number) {
  const answer = await withToken(app, token, { method: 'POST', url: `/api/sysUser/webhooks/${id}/ping` });
  expect(answer.status).toBe(200);
}

/**
 * Issue 32: six test events to one account's receiver that never answers held every other
 * account's deliveries for a minute (one worker, 10 s per attempt). Deliveries now have workers
 * of their own (WEBHOOK_WORKERS) and one account has at most two in flight in a process.
 */
describe.each(DRIVERS)('webhook deliveries one account cannot jam, on %s', (driver) => {
  let t: TestApp;
  let tarpit: Awaited<ReturnType<typeof startTarpit>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  const createHook = (token: string, url: string) => createWebhook(t.app, token, url);
  const ping = (token: string, id: number) => pingWebhook(t.app, token, id);

  beforeAll(async () => {
    tarpit = await startTarpit();
    receiver = await startReceiver();
    t = await createTestApp(driver, {
      config: { WEBHOOK_ALLOW_PRIVATE: true, WEBHOOK_WORKERS: 4 },
    });
  }, 60_000);
  afterAll(async () => {
    await tarpit.close();
    await t.close();
    await receiver.close();
  });

  it("a receiver that never answers holds at most two of its account's deliveries, and no other account's", async () => {
    const slow = await signedInUser(t);
    const hooks = [
      await createHook(slow.token, tarpit.url('/a')),
      await createHook(slow.token, tarpit.url('/b')),
      await createHook(slow.token, tarpit.url('/c')),
    ];
    for (const id of [...hooks, ...hooks]) await ping(slow.token, id);
    await until('the slow receiver to hold deliveries', () => (tarpit.open >= 2 ? true : undefined), 10_000);

    const other = await signedInUser(t);
    const hook = await createHook(other.token, receiver.url('/other'));
    const sent = Date.now();
    await ping(other.token, hook);
    const [arrival] = await until(
      "the other account's test event",
      () => (receiver.at('/other').length > 0 ? receiver.at('/other') : undefined),
      BOUND_MS + 12_000,
    );
    expect(arrival!.at - sent).toBeLessThan(BOUND_MS);
    // The slow account's six deliveries were never all in flight at once.
    expect(tarpit.mostAtOnce).toBeLessThanOrEqual(2);
  }, 60_000);
});

/** Two portal processes on one PostgreSQL database, each with its own delivery workers. */
describe('webhook deliveries one account cannot jam, two processes on postgres', () => {
  let processes: Awaited<ReturnType<typeof appsOnOneDatabase>>;
  let tarpit: Awaited<ReturnType<typeof startTarpit>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    tarpit = await startTarpit();
    receiver = await startReceiver();
    processes = await appsOnOneDatabase(2, { WEBHOOK_WORKERS: '3', WEBHOOK_ALLOW_PRIVATE: 'on' });
  }, 60_000);
  afterAll(async () => {
    await tarpit.close();
    await processes.close();
    await receiver.close();
  });

  it("a receiver that never answers holds at most two of its account's deliveries per process, and no other account's", async () => {
    const [a, b] = processes.apps as [FastifyInstance, FastifyInstance];
    const slowUser = await createUser(processes.db, { roleCodes: ['customer'] });
    const slow = await tokenFor(a, slowUser.account, slowUser.password);
    const hooks = [];
    for (const name of ['a', 'b', 'c', 'd']) hooks.push(await createWebhook(a, slow, tarpit.url(`/${name}`)));
    // Eight test events, sent through both processes.
    for (const [n, id] of [...hooks, ...hooks].entries()) await pingWebhook(n % 2 === 0 ? a : b, slow, id);
    await until('the slow receiver to hold deliveries', () => (tarpit.open >= 2 ? true : undefined), 10_000);

    const otherUser = await createUser(processes.db, { roleCodes: ['customer'] });
    const other = await tokenFor(b, otherUser.account, otherUser.password);
    const hook = await createWebhook(b, other, receiver.url('/other'));
    const sent = Date.now();
    await pingWebhook(b, other, hook);
    const [arrival] = await until(
      "the other account's test event",
      () => (receiver.at('/other').length > 0 ? receiver.at('/other') : undefined),
      BOUND_MS + 12_000,
    );
    expect(arrival!.at - sent).toBeLessThan(BOUND_MS);
    expect(receiver.at('/other')).toHaveLength(1);
    // Each process holds at most its own share of the slow account's deliveries.
    expect(tarpit.mostAtOnce).toBeLessThanOrEqual(WEBHOOK_IN_FLIGHT_PER_ACCOUNT * processes.apps.length);
  }, 60_000);
});
