import type {
  Page,
  StaffWebhook,
  StaffWebhookDelivery,
  WebhookCreated,
  WebhookDelivery,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { createStaffRoleWithout, createUser, type TestUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/** A receiver URL whose path and query are its secret, as chat services' incoming hooks are. */
const SECRET_PATH = '/services/T0001/B0002/XoXoSecretPath';
const RECEIVER = `https://93.184.215.14${SECRET_PATH}?token=QueryS3cret`;

describe.each(DRIVERS)("support and a customer's webhooks on %s", (driver) => {
  let t: TestApp;
  let owner: TestUser;
  let hook: WebhookCreated;
  let admin: string;

  const hooksOf = (session: string, userId = owner.id) =>
    withToken<StaffWebhook[]>(t.app, session, { url: `/api/sysUser/${userId}/webhooks` });
  const switchOff = (session: string, id = hook.id, userId = owner.id) =>
    withToken<StaffWebhook>(t.app, session, {
      method: 'POST',
      url: `/api/sysUser/${userId}/webhooks/${id}/off`,
    });
  const deliveriesOf = (session: string, id = hook.id, userId = owner.id) =>
    withToken<Page<StaffWebhookDelivery>>(t.app, session, {
      url: `/api/sysUser/${userId}/webhooks/${id}/deliveries?pageNo=1&pageSize=10`,
    });
  const sessionOf = async (user: TestUser) => tokenFor(t.app, user.account, user.password);

  beforeAll(async () => {
    t = await createTestApp(driver);
    owner = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Webhook Owner Co' });
    const created = await withToken<WebhookCreated>(t.app, await sessionOf(owner), {
      method: 'POST',
      url: '/api/sysUser/webhooks',
      payload: { url: RECEIVER, events: ['release.published'] },
    });
    expect(created.status).toBe(200);
    hook = created.body.data;
    admin = await adminToken(t.app);
  }, 60_000);
  afterAll(() => t.close());

  it('shows staff where a webhook posts by origin only: never its path, query or secret', async () => {
    const list = await hooksOf(admin);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: hook.id,
        origin: 'https://93.184.215.14',
        events: ['release.published'],
        active: true,
      }),
    ]);
    const shown = JSON.stringify(list.body);
    for (const secret of [SECRET_PATH, 'XoXoSecretPath', 'QueryS3cret', hook.secret])
      expect(shown).not.toContain(secret);
  });

  it("shows staff a webhook's delivery log without bodies, and a refused address by its origin only", async () => {
    const ownerSession = await sessionOf(owner);
    const ping = await withToken<WebhookDelivery>(t.app, ownerSession, {
      method: 'POST',
      url: `/api/sysUser/webhooks/${hook.id}/ping`,
    });
    expect(ping.status).toBe(200);
    // As the sender records a refusal: the whole address it would not post to.
    await t.db
      .update(webhookDeliveries)
      .set({ status: 'failed', attempts: 1, lastError: `refused:${RECEIVER}` })
      .where(eq(webhookDeliveries.id, ping.body.data.id));

    const log = await deliveriesOf(admin);
    expect(log.status).toBe(200);
    expect(log.body.data).toMatchObject({ totalRows: 1, pageNo: 1 });
    expect(log.body.data.rows[0]).toEqual(
      expect.objectContaining({
        id: ping.body.data.id,
        event: 'ping',
        status: 'failed',
        attempts: 1,
        lastError: { kind: 'refused', detail: 'https://93.184.215.14' },
      }),
    );
    expect(log.body.data.rows[0]).not.toHaveProperty('payload');
    const shown = JSON.stringify(log.body);
    for (const secret of [SECRET_PATH, 'XoXoSecretPath', 'QueryS3cret', hook.secret])
      expect(shown).not.toContain(secret);

    // The owner reads the whole of it, body included.
    const own = await withToken<Page<WebhookDelivery>>(t.app, ownerSession, {
      url: `/api/sysUser/webhooks/${hook.id}/deliveries`,
    });
    expect(own.body.data.rows[0]).toMatchObject({ lastError: { kind: 'refused', detail: RECEIVER } });
    expect(own.body.data.rows[0]?.payload).toBeDefined();
  });

  it("keeps the delivery log from customers, other users' ids and, for a super admin's, lesser staff", async () => {
    const stranger = await sessionOf(await createUser(t.db, { roleCodes: ['customer'] }));
    expect((await deliveriesOf(stranger)).status).toBe(403);
    const anonymous = await t.app.inject({ url: `/api/sysUser/${owner.id}/webhooks/${hook.id}/deliveries` });
    expect(anonymous.statusCode).toBe(401);
    const other = await createUser(t.db, { roleCodes: ['customer'] });
    expect((await deliveriesOf(admin, hook.id, other.id)).status).toBe(404);
    expect((await deliveriesOf(admin, 2 ** 31)).status).toBe(400);
    const root = await createUser(t.db, { adminType: '1' });
    const support = await sessionOf(await createUser(t.db, { roleCodes: ['staff'] }));
    expect((await deliveriesOf(support, hook.id, root.id)).status).toBe(403);
    // A staff role without sysUser:page does not read it either.
    await createStaffRoleWithout(t.db, 'support-no-users', ['sysUser:page']);
    const lesser = await sessionOf(await createUser(t.db, { roleCodes: ['support-no-users'] }));
    expect((await deliveriesOf(lesser)).status).toBe(403);
  });

  it('answers 400 to a delivery-log request with bad input', async () => {
    const base = `/api/sysUser/${owner.id}/webhooks`;
    for (const url of [
      `${base}/${hook.id}%00/deliveries`,
      `${base}/${'9'.repeat(5000)}/deliveries`,
      `${base}/${hook.id}/deliveries?pageSize=101`,
      `${base}/${hook.id}/deliveries?pageNo=${'1'.repeat(400)}`,
      `${base}/${hook.id}/deliveries?pageNo=1%00`,
      `/api/sysUser/x%00/webhooks/${hook.id}/deliveries`,
    ])
      expect((await withToken(t.app, admin, { url })).status, url).toBe(400);
  });

  it('refuses another customer (403) and anonymous callers (401), and they change nothing', async () => {
    const stranger = await sessionOf(await createUser(t.db, { roleCodes: ['customer'] }));
    expect((await hooksOf(stranger)).status).toBe(403);
    expect((await switchOff(stranger)).status).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/sysUser/${owner.id}/webhooks/${hook.id}/off`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await hooksOf(admin)).body.data[0]?.active).toBe(true);
  });

  it('lets staff without sysUser:edit look but not switch off', async () => {
    await createStaffRoleWithout(t.db, 'support-read-only', ['sysUser:edit']);
    const reader = await sessionOf(await createUser(t.db, { roleCodes: ['support-read-only'] }));
    expect((await hooksOf(reader)).status).toBe(200);
    expect((await deliveriesOf(reader)).status).toBe(200);
    expect((await switchOff(reader)).status).toBe(403);
    expect((await hooksOf(admin)).body.data[0]?.active).toBe(true);
  });

  it("answers 404 for a webhook that is not that user's, and 400 for ids that are not ids", async () => {
    const other = await createUser(t.db, { roleCodes: ['customer'] });
    expect((await switchOff(admin, hook.id, other.id)).status).toBe(404);
    expect((await switchOff(admin, 2 ** 31)).status).toBe(400);
    expect((await switchOff(admin, -1)).status).toBe(400);
    expect((await hooksOf(admin, 0)).status).toBe(400);
    expect((await hooksOf(admin, 999_999)).status).toBe(404);
  });

  it("keeps a super admin's webhooks from staff below super admin", async () => {
    const root = await createUser(t.db, { adminType: '1' });
    const support = await sessionOf(await createUser(t.db, { roleCodes: ['staff'] }));
    expect((await hooksOf(support, root.id)).status).toBe(403);
  });

  it('switches the webhook off for staff with sysUser:edit, audited with the origin only', async () => {
    const support = await sessionOf(await createUser(t.db, { roleCodes: ['staff'] }));
    const off = await switchOff(support);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id: hook.id, active: false, origin: 'https://93.184.215.14' });
    const ownerView = await withToken<{ active: boolean }[]>(t.app, await sessionOf(owner), {
      url: '/api/sysUser/webhooks',
    });
    expect(ownerView.body.data[0]?.active).toBe(false);
    const audit = await withToken<{ rows: { action: string; detail: unknown }[] }>(t.app, admin, {
      url: '/api/sysAudit/page?action=user.disableWebhook',
    });
    expect(audit.body.data.rows).toHaveLength(1);
    expect(JSON.stringify(audit.body.data.rows)).not.toContain('XoXoSecretPath');
  });
});
