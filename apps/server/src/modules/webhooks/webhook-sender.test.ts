import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, WebhookCreated, WebhookDelivery } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/signed-in-user';
import { withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import type { Resolver } from './address-guard';
import { WebhookSender } from './webhook-sender';

type Hit = { path: string; host: string | undefined; headers: IncomingHttpHeaders };

/** An HTTP receiver on one loopback address: records every request, answers what `answer` says. */
async function receiver(
  address: string,
  port = 0,
  answer: (path: string) => { status: number; location?: string } = () => ({ status: 200 }),
) {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '';
      hits.push({ path, host: request.headers.host, headers: request.headers });
      const { status, location } = answer(path);
      if (location) response.setHeader('location', location);
      response.statusCode = status;
      response.end('answer');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, resolve);
  });
  return {
    hits,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

/**
 * Two receivers on one port: `checked` on 127.0.0.2, where the webhook's resolver says the name
 * points, and `rebound` on 127.0.0.1, where the system resolver sends `localhost`: a delivery that
 * looked the name up again at connect time would reach `rebound`.
 */
async function receiversOnOnePort(): Promise<{ checked: Receiver; rebound: Receiver }> {
  for (let attempt = 0; ; attempt += 1) {
    const checked = await receiver('127.0.0.2');
    try {
      return { checked, rebound: await receiver('127.0.0.1', checked.port) };
    } catch (error) {
      await checked.close();
      if (attempt === 5) throw error;
    }
  }
}

const request = (url: string) => ({
  url,
  secret: 'whsec_test',
  event: 'ping',
  deliveryId: 7,
  body: '{"event":"ping"}',
  timestamp: 1,
});

/**
 * What the sender connects to (webhook-sender.ts): the addresses it checked for the URL's host
 * name, never a second lookup of it (DNS rebinding), and only the URL it was given (a redirect is
 * an answer, not followed). Loopback receivers need the check's allowPrivate, as in the tests of
 * deliveries; what the check refuses is tested in address-guard.test.ts.
 */
describe('the webhook sender', () => {
  const open: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });

  it('connects a host name to the address it checked, not to where a new lookup of the name leads', async () => {
    const { checked, rebound } = await receiversOnOnePort();
    open.push(checked, rebound);
    const asked: string[] = [];
    const resolve: Resolver = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.2', family: 4 }];
    };
    const sender = new WebhookSender({ allowPrivate: true, resolve });
    const url = `http://localhost:${checked.port}/hooks/portal`;
    expect(await sender.send(request(url))).toEqual({ kind: 'answered', status: 200 });
    expect(asked).toEqual(['localhost']);
    expect(checked.hits).toEqual([
      expect.objectContaining({ path: '/hooks/portal', host: `localhost:${checked.port}` }),
    ]);
    expect(rebound.hits).toEqual([]);
    // The control: without the pinned address, the same URL reaches the other receiver.
    const unpinned = await fetch(url, { method: 'POST', body: '{}' });
    expect(unpinned.status).toBe(200);
    expect(rebound.hits).toHaveLength(1);
  });

  it('reaches a receiver by host name through the system resolver', async () => {
    const local = await receiver('127.0.0.1');
    open.push(local);
    const sender = new WebhookSender({ allowPrivate: true });
    const url = `http://localhost:${local.port}/hooks/portal`;
    expect(await sender.send(request(url))).toEqual({ kind: 'answered', status: 200 });
    expect(local.hits).toEqual([expect.objectContaining({ host: `localhost:${local.port}` })]);
    expect(local.hits[0]?.headers['x-portal-event']).toBe('ping');
  });

  it('does not follow a redirect, to a loopback address or anywhere: a 3xx is the answer', async () => {
    const internal = await receiver('127.0.0.1');
    const elsewhere = await receiver('127.0.0.2');
    const targets = [
      `http://127.0.0.1:${internal.port}/internal`,
      `http://localhost:${internal.port}/internal`,
      `http://127.0.0.2:${elsewhere.port}/hooks/portal`,
      '/internal',
    ];
    const redirecting = await receiver('127.0.0.1', 0, (path) => {
      const [status, target] = path.slice(1).split('/');
      return { status: Number(status), location: targets[Number(target)] };
    });
    open.push(internal, elsewhere, redirecting);
    const sender = new WebhookSender({ allowPrivate: true });
    for (const status of [301, 302, 303, 307, 308])
      for (const target of targets.keys()) {
        const url = `http://localhost:${redirecting.port}/${status}/${target}`;
        expect(await sender.send(request(url)), url).toEqual({ kind: 'answered', status });
      }
    expect(redirecting.hits).toHaveLength(5 * targets.length);
    expect(internal.hits).toEqual([]);
    expect(elsewhere.hits).toEqual([]);
  });
});

/** The same through the portal: a webhook saved with a host name, pinged, answered with a redirect. */
describe.each(DRIVERS)('webhook deliveries to a host name on %s', (driver) => {
  let t: TestApp;
  let internal: Receiver;
  let hooks: Receiver;

  beforeAll(async () => {
    internal = await receiver('127.0.0.1');
    hooks = await receiver('127.0.0.1', 0, (path) =>
      path === '/redirect'
        ? { status: 302, location: `http://127.0.0.1:${internal.port}/internal` }
        : { status: 200 },
    );
    // Loopback receivers, as in webhook-delivery.test.ts.
    t = await createTestApp(driver, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await Promise.all([internal.close(), hooks.close()]);
  });

  /** Saves a webhook to `path` on the receiver, named by `localhost`, pings it and runs the queue. */
  async function pingedDelivery(path: string) {
    const { token } = await signedInUser(t);
    const created = await withToken<WebhookCreated>(t.app, token, {
      method: 'POST',
      url: '/api/sysUser/webhooks',
      payload: { url: `http://localhost:${hooks.port}${path}`, events: ['release.published'] },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(
      (await withToken(t.app, token, { method: 'POST', url: `/api/sysUser/webhooks/${id}/ping` })).status,
    ).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    const log = await withToken<Page<WebhookDelivery>>(t.app, token, {
      url: `/api/sysUser/webhooks/${id}/deliveries`,
    });
    return log.body.data.rows[0];
  }

  it('delivers to a receiver named by host name', async () => {
    const delivery = await pingedDelivery('/ok');
    expect(delivery).toMatchObject({ event: 'ping', status: 'delivered', responseStatus: 200, attempts: 1 });
    expect(hooks.hits.filter((hit) => hit.path === '/ok')).toEqual([
      expect.objectContaining({ host: `localhost:${hooks.port}` }),
    ]);
  });

  it('records a redirect to an internal address as a failed attempt and never follows it', async () => {
    const delivery = await pingedDelivery('/redirect');
    expect(delivery).toMatchObject({
      status: 'pending',
      responseStatus: 302,
      lastError: { kind: 'http', detail: '302' },
      attempts: 1,
      deliveredAt: null,
    });
    expect(hooks.hits.filter((hit) => hit.path === '/redirect')).toHaveLength(1);
    expect(internal.hits).toEqual([]);
  });
});
