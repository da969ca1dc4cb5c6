import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Page,
  WEBHOOK_MAX_ATTEMPTS,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookPayload,
  type WebhookVersionData,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, webhookDeliveries } from '../../db/schema';
import { bindSerial, createServer as shipServer, referenceModel } from '../../test/catalog-factories';
import { createUser, type UserFactoryInput } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { createItem, publishVersion, recallVersion } from '../feeds/release-test-kit';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on 127.0.0.1: answers each path with its scripted statuses (then 200). */
class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, number[]>();
  private server!: Server;

  async start() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.statusCode = this.scripts.get(path)?.shift() ?? 200;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path: string, statuses: number[] = []) {
    this.scripts.set(path, statuses);
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  at(path: string) {
    return this.received.filter((entry) => entry.path === path);
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe.each(DRIVERS)('webhook deliveries on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let itemId: number;
  const receiver = new Receiver();

  /**
   * A customer with a verified server (of the seeded `model`, carrying the `pcieParts` cards) and a
   * webhook to `path`; their session, webhook and server's SN.
   */
  async function subscriber(
    server: { model: string; pcieParts?: string[] } | null,
    path: string,
    statuses: number[] = [],
    events = ['release.published'],
    who: UserFactoryInput = {},
  ) {
    const user = await createUser(t.db, { roleCodes: ['customer'], ...who });
    let sn: string | null = null;
    if (server) {
      const model = await referenceModel(t.db, server.model);
      sn = (await shipServer(t.db, { modelId: model.id, pcieParts: server.pcieParts })).sn;
      await bindSerial(t.db, user.id, sn, 'verified', t.clock.now());
    }
    const session = await tokenFor(t.app, user.account, user.password);
    const hook = await withToken<WebhookCreated>(t.app, session, {
      method: 'POST',
      url: '/api/sysUser/webhooks',
      payload: { url: receiver.url(path, statuses), events },
    });
    expect(hook.status).toBe(200);
    return { user, session, hook: hook.body.data, sn };
  }

  const deliveriesOf = async (session: string, hookId: number) =>
    (
      await withToken<Page<WebhookDelivery>>(t.app, session, {
        url: `/api/sysUser/webhooks/${hookId}/deliveries`,
      })
    ).body.data;

  /** The stored deliveries of a webhook, read directly (a frozen owner has no session to ask with). */
  const storedDeliveries = (hookId: number) =>
    t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));

  /** Downloads the version as the subscriber (what version.recalled goes by). */
  async function download(session: string, versionId: number) {
    const answer = await t.app.inject({
      url: `/api/downloads/${versionId}`,
      headers: { authorization: `Bearer ${session}` },
    });
    expect(answer.statusCode).toBe(200);
  }

  /** The retry of a delivery job waiting out its backoff: how long it waits, from now, in seconds. */
  async function retryWait(): Promise<number[]> {
    const result = (await t.db.execute(
      sql`select extract(epoch from start_after - now())::float as wait from pgboss.job
           where name = 'webhook.deliver' and state = 'retry'`,
    )) as unknown as { rows: { wait: number }[] };
    return result.rows.map((row) => row.wait);
  }
  /** Ends every backoff now (the test decides when time passes). */
  const skipBackoff = () =>
    t.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'webhook.deliver' and state = 'retry'`,
    );

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp(driver, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
    admin = await adminToken(t.app);
    itemId = await createItem(t, admin, { code: 'hook-bmc', nameEn: 'Hook BMC', nameZh: '钩子 BMC' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it("delivers release.published, signed, to the owner of a server of the version's model only", async () => {
    const owner = await subscriber({ model: 'M7-2U' }, '/owner');
    const stranger = await subscriber({ model: 'M6-1U' }, '/stranger');
    const versionId = await publishVersion(t, admin, itemId, { version: '5.0.0', models: ['M7-2U'] });
    // Nothing is sent inside the publishing request.
    expect(receiver.at('/owner')).toHaveLength(0);
    await t.app.services.jobs.runUntilIdle();
    const [got] = receiver.at('/owner');
    expect(got).toBeDefined();
    expect(receiver.at('/stranger')).toHaveLength(0);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['user-agent']).toBe('FirmwarePortal-Webhook/1');
    expect(got!.headers['x-portal-event']).toBe('release.published');
    const timestamp = String(got!.headers['x-portal-timestamp']);
    expect(Math.abs(Number(timestamp) - t.clock.now().getTime() / 1000)).toBeLessThan(5);
    const expected = createHmac('sha256', owner.hook.secret)
      .update(`${timestamp}.${got!.body}`)
      .digest('hex');
    expect(got!.headers['x-portal-signature']).toBe(`v1=${expected}`);
    const payload = JSON.parse(got!.body) as WebhookPayload;
    expect(payload.id).toBe(got!.headers['x-portal-delivery']);
    expect(payload.event).toBe('release.published');
    expect(new Date(payload.createdAt).toISOString()).toBe(payload.createdAt);
    const data = payload.data as WebhookVersionData;
    expect(data).toMatchObject({
      versionId,
      itemCode: 'hook-bmc',
      kind: 'BMC',
      version: '5.0.0',
      status: 'published',
      models: ['M7-2U'],
      servers: [owner.sn],
      itemName: { 'en-US': 'Hook BMC', 'zh-CN': '钩子 BMC' },
    });
    expect(data.downloadUrl).toMatch(new RegExp(`/api/downloads/${versionId}$`));

    const [logged] = await deliveriesOf(owner.session, owner.hook.id).then((page) => page.rows);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, lastError: null });
    expect(logged!.deliveredAt).not.toBeNull();
    expect(logged!.payload).toEqual(payload);
    expect((await deliveriesOf(stranger.session, stranger.hook.id)).totalRows).toBe(0);
    const list = await withToken<Webhook[]>(t.app, owner.session, { url: '/api/sysUser/webhooks' });
    expect(list.body.data[0]!.lastDelivery).toMatchObject({
      event: 'release.published',
      status: 'delivered',
    });

    // The fan-out raised again (a re-run) adds no second delivery.
    await t.db.transaction(async (tx) => {
      const { enqueueWebhookEvent } = await import('./webhook-queues');
      await enqueueWebhookEvent(t.app.services.jobs, tx as never, { event: 'release.published', versionId });
    });
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/owner')).toHaveLength(1);
    await withToken(t.app, owner.session, {
      method: 'DELETE',
      url: `/api/sysUser/webhooks/${owner.hook.id}`,
    });
  });

  it('a PCIe version reaches the owner of a server carrying a card of its part number', async () => {
    const nic = await createItem(t, admin, { code: 'hook-raid', kind: 'PCIE', nameEn: 'Hook RAID' });
    const owner = await subscriber({ model: 'M6-2U', pcieParts: ['PN-RAID-9460-16I'] }, '/pcie');
    await publishVersion(t, admin, nic, { version: '1.2.3', models: [], parts: ['PN-RAID-9460-16I'] });
    await t.app.services.jobs.runUntilIdle();
    const [got] = receiver.at('/pcie');
    expect((JSON.parse(got!.body) as WebhookPayload).data).toMatchObject({
      parts: ['PN-RAID-9460-16I'],
      servers: [owner.sn],
    });
    await withToken(t.app, owner.session, {
      method: 'DELETE',
      url: `/api/sysUser/webhooks/${owner.hook.id}`,
    });
  });

  it('retries a 500 with growing backoff; the log shows the attempts, then delivered', async () => {
    const owner = await subscriber({ model: 'A7-2U' }, '/flaky', [500, 500]);
    await publishVersion(t, admin, itemId, { version: '5.1.0', models: ['A7-2U'] });
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/flaky')).toHaveLength(1);
    let [delivery] = (await deliveriesOf(owner.session, owner.hook.id)).rows;
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      lastError: { kind: 'http', detail: '500' },
    });
    const [firstWait] = await retryWait();
    // 30 s doubling, with jitter: 30-60 s before the second attempt.
    expect(firstWait).toBeGreaterThan(25);
    expect(firstWait).toBeLessThanOrEqual(61);
    // Not before its time.
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/flaky')).toHaveLength(1);

    await skipBackoff();
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/flaky')).toHaveLength(2);
    [delivery] = (await deliveriesOf(owner.session, owner.hook.id)).rows;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 500 });
    const [secondWait] = await retryWait();
    expect(secondWait).toBeGreaterThan(55);
    expect(secondWait).toBeLessThanOrEqual(121);

    await skipBackoff();
    await t.app.services.jobs.runUntilIdle();
    [delivery] = (await deliveriesOf(owner.session, owner.hook.id)).rows;
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 3,
      responseStatus: 200,
      lastError: null,
    });
    // Every attempt carried the same delivery id and body.
    const bodies = receiver.at('/flaky');
    expect(new Set(bodies.map((b) => b.body)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.headers['x-portal-delivery'])).size).toBe(1);
    await withToken(t.app, owner.session, {
      method: 'DELETE',
      url: `/api/sysUser/webhooks/${owner.hook.id}`,
    });
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts: the delivery is failed`, async () => {
    const owner = await subscriber({ model: 'M7-4U' }, '/down', new Array<number>(50).fill(503));
    await publishVersion(t, admin, itemId, { version: '5.2.0', models: ['M7-4U'] });
    await t.app.services.jobs.runUntilIdle();
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
      await skipBackoff();
      await t.app.services.jobs.runUntilIdle();
    }
    expect(receiver.at('/down')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [delivery] = (await deliveriesOf(owner.session, owner.hook.id)).rows;
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      responseStatus: 503,
      lastError: { kind: 'http', detail: '503' },
      deliveredAt: null,
    });
    expect(await retryWait()).toEqual([]);
    await skipBackoff();
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/down')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    await withToken(t.app, owner.session, {
      method: 'DELETE',
      url: `/api/sysUser/webhooks/${owner.hook.id}`,
    });
  });

  it('delivers version.recalled to those who downloaded the version, and a ping on request', async () => {
    const versionId = await publishVersion(t, admin, itemId, { version: '5.3.0', models: ['M6-2U'] });
    await t.app.services.jobs.runUntilIdle();
    const downloader = await subscriber(null, '/recall', [], ['version.recalled']);
    const bystander = await subscriber(null, '/bystander', [], ['version.recalled']);
    const download = await t.app.inject({
      url: `/api/downloads/${versionId}`,
      headers: { authorization: `Bearer ${downloader.session}` },
    });
    expect(download.statusCode).toBe(200);
    await t.app.services.downloads.drain();
    await recallVersion(t, admin, versionId, 'Bricks the BMC');
    await t.app.services.jobs.runUntilIdle();
    const [got] = receiver.at('/recall');
    expect(got!.headers['x-portal-event']).toBe('version.recalled');
    expect((JSON.parse(got!.body) as WebhookPayload).data).toMatchObject({
      versionId,
      status: 'recalled',
      recallReason: 'Bricks the BMC',
      servers: [],
    });
    expect(receiver.at('/bystander')).toHaveLength(0);

    const ping = await withToken<WebhookDelivery>(t.app, bystander.session, {
      method: 'POST',
      url: `/api/sysUser/webhooks/${bystander.hook.id}/ping`,
    });
    expect(ping.status).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    const [pinged] = receiver.at('/bystander');
    expect(pinged!.headers['x-portal-event']).toBe('ping');
    expect(JSON.parse(pinged!.body)).toMatchObject({
      event: 'ping',
      data: { ping: true, webhookId: bystander.hook.id },
    });
    const [logged] = (await deliveriesOf(bystander.session, bystander.hook.id)).rows;
    expect(logged).toMatchObject({ event: 'ping', status: 'delivered', attempts: 1 });
  });

  it('settles queued deliveries of an owner frozen since as owner-frozen, and of a switched-off webhook as disabled', async () => {
    const versionId = await publishVersion(t, admin, itemId, { version: '5.4.0', models: ['M6-2U'] });
    await t.app.services.jobs.runUntilIdle();
    const frozen = await subscriber(null, '/frozen', [500], ['version.recalled']);
    const off = await subscriber(null, '/off', [500], ['version.recalled']);
    for (const one of [frozen, off]) await download(one.session, versionId);
    await t.app.services.downloads.drain();
    await recallVersion(t, admin, versionId, 'Wrong image');
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/frozen')).toHaveLength(1);
    expect(receiver.at('/off')).toHaveLength(1);

    await t.db.update(users).set({ frozen: true }).where(eq(users.id, frozen.user.id));
    await withToken(t.app, off.session, {
      method: 'PUT',
      url: `/api/sysUser/webhooks/${off.hook.id}`,
      payload: { active: false },
    });
    await skipBackoff();
    await t.app.services.jobs.runUntilIdle();
    // Neither is contacted again, and neither retries for hours.
    expect(receiver.at('/frozen')).toHaveLength(1);
    expect(receiver.at('/off')).toHaveLength(1);
    expect(await storedDeliveries(frozen.hook.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, lastError: 'owner-frozen' }),
    ]);
    expect(await storedDeliveries(off.hook.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, lastError: 'disabled' }),
    ]);
    expect(await retryWait()).toEqual([]);
  });

  it('sends version.recalled only to downloaders who may still see the item', async () => {
    const restricted = await createItem(t, admin, {
      code: 'hook-partner-bmc',
      nameEn: 'Partner BMC',
      visibility: 'restricted',
      grants: [{ grantType: 'customer', value: 'Hook Partner Ltd' }],
    });
    const versionId = await publishVersion(t, admin, restricted, { version: '1.0.0', models: ['M6-2U'] });
    await t.app.services.jobs.runUntilIdle();
    const member = await subscriber(null, '/member', [], ['version.recalled'], {
      organisation: 'Hook Partner Ltd',
    });
    const leaver = await subscriber(null, '/leaver', [], ['version.recalled'], {
      organisation: 'Hook Partner Ltd',
    });
    for (const one of [member, leaver]) await download(one.session, versionId);
    await t.app.services.downloads.drain();
    // The leaver left the organisation: the grant no longer covers them.
    await t.db.update(users).set({ organisationId: null }).where(eq(users.id, leaver.user.id));
    await recallVersion(t, admin, versionId, 'Withdrawn');
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/member')).toHaveLength(1);
    expect(receiver.at('/leaver')).toHaveLength(0);
    expect(await storedDeliveries(leaver.hook.id)).toEqual([]);
  });
});
