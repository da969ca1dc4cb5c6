import {
  DEFAULT_LOCALE,
  type Page,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n/messages';
import { withToken } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const HOOKS = '/api/sysUser/webhooks';
/** A public address that is never contacted: these tests only save webhooks. */
const PUBLIC_URL = 'https://93.184.215.14/hooks/portal';

describe.each(DRIVERS)('webhook settings on %s', (driver) => {
  let t: TestApp;
  let session: string;

  const create = (body: object, as = session) =>
    withToken<WebhookCreated>(t.app, as, { method: 'POST', url: HOOKS, payload: body });
  const newSession = async () => (await signedInUser(t)).token;

  beforeAll(async () => {
    // WEBHOOK_ALLOW_PRIVATE is off, as in production.
    t = await createTestApp(driver);
    session = await newSession();
  }, 60_000);
  afterAll(() => t.close());

  it('creates a webhook with its secret shown once; lists, changes and deletes it', async () => {
    const created = await create({ url: PUBLIC_URL, events: ['release.published'] });
    expect(created.status).toBe(200);
    const hook = created.body.data;
    expect(hook).toMatchObject({
      url: PUBLIC_URL,
      events: ['release.published'],
      active: true,
      lastDelivery: null,
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(new Date(hook.createdAt).toISOString()).toBe(hook.createdAt);
    const list = await withToken<Webhook[]>(t.app, session, { url: HOOKS });
    expect(list.body.data).toEqual([expect.objectContaining({ id: hook.id })]);
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);
    expect(list.body.data[0]).not.toHaveProperty('secret');

    const changed = await withToken<Webhook>(t.app, session, {
      method: 'PUT',
      url: `${HOOKS}/${hook.id}`,
      payload: { events: ['release.published', 'version.recalled'], active: false },
    });
    expect(changed.body.data).toMatchObject({
      events: ['release.published', 'version.recalled'],
      active: false,
    });
    expect(JSON.stringify(changed.body)).not.toContain(hook.secret);

    // Test events go to a webhook switched on only (webhook-pings.test.ts).
    await withToken(t.app, session, { method: 'PUT', url: `${HOOKS}/${hook.id}`, payload: { active: true } });
    const ping = await withToken<WebhookDelivery>(t.app, session, {
      method: 'POST',
      url: `${HOOKS}/${hook.id}/ping`,
    });
    expect(ping.body.data).toMatchObject({ event: 'ping', status: 'pending', attempts: 0, maxAttempts: 10 });
    const log = await withToken<Page<WebhookDelivery>>(t.app, session, {
      url: `${HOOKS}/${hook.id}/deliveries`,
    });
    expect(log.body.data).toMatchObject({ totalRows: 1, pageNo: 1, rows: [{ id: ping.body.data.id }] });
    expect(JSON.stringify(log.body)).not.toContain(hook.secret);

    const deleted = await withToken<Webhook>(t.app, session, {
      method: 'DELETE',
      url: `${HOOKS}/${hook.id}`,
    });
    expect(deleted.body.data.id).toBe(hook.id);
    expect((await withToken<Webhook[]>(t.app, session, { url: HOOKS })).body.data).toEqual([]);
    expect((await withToken(t.app, session, { method: 'DELETE', url: `${HOOKS}/${hook.id}` })).status).toBe(
      404,
    );
  });

  it('refuses loopback, private, link-local, unique-local, multicast and unspecified addresses', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://127.1:8080/hook',
      'http://0x7f000001/hook',
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.10/hook',
      'http://100.64.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/hook',
      'http://224.0.0.1/hook',
      'http://[::1]/hook',
      'http://[::]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://[64:ff9b::a00:1]/hook',
      'http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data',
      'http://[::ffff:0:7f00:1]/hook',
      'http://[2001::a9fe:a9fe]/hook',
      'http://[fe80::1]/hook',
      'http://[fd00::1]/hook',
      'http://[ff02::1]/hook',
      'http://localhost:3000/hook',
    ]) {
      const answer = await create({ url, events: ['release.published'] });
      expect(answer.status, url).toBe(400);
      expect(answer.body.code, url).toBe(1026010);
    }
    for (const url of [
      'ftp://93.184.215.14/x',
      'file:///etc/passwd',
      'https://user:pw@93.184.215.14/',
      'not a url',
      `https://93.184.215.14/${'a'.repeat(2000)}`,
    ]) {
      const answer = await create({ url, events: ['release.published'] });
      expect(answer.status, url).toBe(400);
    }
    expect((await withToken<Webhook[]>(t.app, session, { url: HOOKS })).body.data).toEqual([]);
  });

  it('refuses ports other than 80, 443 and 1024-65535', async () => {
    for (const url of [
      'https://93.184.215.14:22/hook',
      'http://93.184.215.14:25/hook',
      'https://93.184.215.14:0/',
    ]) {
      const answer = await create({ url, events: ['release.published'] });
      expect(answer.status, url).toBe(400);
      expect(answer.body.code, url).toBe(1026010);
    }
    for (const url of ['http://93.184.215.14:443/hook', 'https://93.184.215.14:8443/hook']) {
      const answer = await create({ url, events: ['release.published'] });
      expect(answer.status, url).toBe(200);
      await withToken(t.app, session, { method: 'DELETE', url: `${HOOKS}/${answer.body.data.id}` });
    }
  });

  it('answers one message whether the host does not resolve or is not public: no probing of internal names', async () => {
    const messages = new Set<string>();
    for (const url of [
      'http://no-such-host.invalid/hook',
      'http://localhost:3000/hook',
      'http://10.1.2.3/hook',
      'http://[64:ff9b:1::a9fe:a9fe]/hook',
      'http://93.184.215.14:22/hook',
    ]) {
      const answer = await create({ url, events: ['release.published'] });
      expect(answer.status, url).toBe(400);
      expect(answer.body.code, url).toBe(1026010);
      expect(answer.body.message, url).not.toMatch(/no-such-host|localhost|10\.1\.2\.3|a9fe|:22/);
      messages.add(answer.body.message);
    }
    expect([...messages]).toEqual([translate(DEFAULT_LOCALE, 'WEBHOOK_URL_REFUSED')]);
  });

  it('refuses bad bodies with a 400', async () => {
    for (const body of [
      { url: PUBLIC_URL, events: [] },
      { url: PUBLIC_URL, events: ['release.deleted'] },
      { url: PUBLIC_URL, events: ['release.published', 'release.published'] },
      { url: '', events: ['release.published'] },
      { events: ['release.published'] },
    ]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(400);
    }
    const hook = (await create({ url: PUBLIC_URL, events: ['release.published'] })).body.data;
    expect(
      (await withToken(t.app, session, { method: 'PUT', url: `${HOOKS}/${hook.id}`, payload: {} })).status,
    ).toBe(400);
    expect(
      (await withToken(t.app, session, { url: `${HOOKS}/${hook.id}/deliveries?pageSize=1000` })).status,
    ).toBe(400);
    expect((await withToken(t.app, session, { url: `${HOOKS}/abc/deliveries` })).status).toBe(400);
    await withToken(t.app, session, { method: 'DELETE', url: `${HOOKS}/${hook.id}` });
  });

  it('allows at most 10 webhooks per account', async () => {
    const mine = await newSession();
    for (let n = 0; n < 10; n += 1)
      expect((await create({ url: `${PUBLIC_URL}/${n}`, events: ['version.recalled'] }, mine)).status).toBe(
        200,
      );
    const eleventh = await create({ url: PUBLIC_URL, events: ['version.recalled'] }, mine);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe(1026011);
  });

  it('another user can neither list, change, delete, ping nor read the log of my webhook (404)', async () => {
    const hook = (await create({ url: PUBLIC_URL, events: ['release.published'] })).body.data;
    const other = await newSession();
    expect((await withToken<Webhook[]>(t.app, other, { url: HOOKS })).body.data).toEqual([]);
    for (const [method, url, payload] of [
      ['GET', `${HOOKS}/${hook.id}/deliveries`, undefined],
      ['POST', `${HOOKS}/${hook.id}/ping`, undefined],
      ['PUT', `${HOOKS}/${hook.id}`, { active: false }],
      ['DELETE', `${HOOKS}/${hook.id}`, undefined],
    ] as const) {
      const answer = await withToken(t.app, other, { method, url, payload });
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.code).toBe(1026009);
    }
    const still = await withToken<Webhook[]>(t.app, session, { url: HOOKS });
    expect(still.body.data.find((h) => h.id === hook.id)).toMatchObject({ active: true });
  });

  it('takes a console session only: a personal access token gets 403 1026001', async () => {
    const apiToken = await withToken<{ token: string }>(t.app, session, {
      method: 'POST',
      url: '/api/sysUser/apiTokens',
      payload: { name: 'ci', scopes: ['catalog:read', 'download', 'tasks', 'licences'], expiresInDays: 30 },
    });
    const token = apiToken.body.data.token;
    for (const [method, url] of [
      ['GET', HOOKS],
      ['POST', HOOKS],
      ['PUT', `${HOOKS}/1`],
      ['DELETE', `${HOOKS}/1`],
      ['GET', `${HOOKS}/1/deliveries`],
      ['POST', `${HOOKS}/1/ping`],
    ] as const) {
      const answer = await withToken(t.app, token, {
        method,
        url,
        payload:
          method === 'POST' || method === 'PUT'
            ? { url: PUBLIC_URL, events: ['release.published'] }
            : undefined,
      });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.code).toBe(1026001);
    }
    expect((await t.app.inject({ url: HOOKS })).statusCode).toBe(401);
  });
});
