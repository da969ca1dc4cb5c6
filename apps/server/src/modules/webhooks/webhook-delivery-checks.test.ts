import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItemGrants, users, webhookDeliveries } from '../../db/schema';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { customerWithWebhook } from '../../test/webhook-fixtures';
import { startReceiver } from '../../test/webhook-receivers';
import { createItem, publishVersion } from '../feeds/release-test-kit';
import { normaliseCompany } from '../serials/serial.service';
import { DAY_MS } from '../../lib/clock';

describe.each(DRIVERS)('what a queued delivery checks before it goes, on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** Answers 500 to a path until told otherwise: its delivery stays queued for a retry. */
  const failing = new Set<string>();

  const releaseRetries = () =>
    t.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second'
           where name = 'webhook.deliver' and state in ('created', 'retry')`,
    );

  /** A member of `organisation` with a verified server of a new model, and a webhook to `path`. */
  async function member(organisation: string, path: string) {
    return customerWithWebhook(t, receiver.url(path), { organisation });
  }

  beforeAll(async () => {
    receiver = await startReceiver((path) => (failing.has(path) ? 500 : 200));
    t = await createTestApp(driver, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
    admin = await adminToken(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('a grant revoked while a delivery waits stops it: not-visible, nothing more sent', async () => {
    const leaver = await member('Checks Partner Ltd', '/leaver');
    const revoked = await member('Checks Other Ltd', '/revoked');
    const item = await createItem(t, admin, {
      code: 'checks-partner-bmc',
      visibility: 'restricted',
      grants: [
        { grantType: 'customer', value: 'Checks Partner Ltd' },
        { grantType: 'customer', value: 'Checks Other Ltd' },
      ],
    });
    failing.add('/leaver');
    failing.add('/revoked');
    await publishVersion(t, admin, item, {
      version: '1.0.0',
      models: [leaver.model.code, revoked.model.code],
    });
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/leaver')).toHaveLength(1);
    expect(receiver.at('/revoked')).toHaveLength(1);

    // One leaves the organisation, the other's organisation loses its grant; both receivers work again.
    await t.db.update(users).set({ organisationId: null }).where(eq(users.id, leaver.user.id));
    await t.db
      .delete(catalogItemGrants)
      .where(
        and(
          eq(catalogItemGrants.itemId, item),
          eq(catalogItemGrants.value, normaliseCompany('Checks Other Ltd')),
        ),
      );
    failing.clear();
    await releaseRetries();
    await t.app.services.jobs.runUntilIdle();
    expect(receiver.at('/leaver')).toHaveLength(1);
    expect(receiver.at('/revoked')).toHaveLength(1);
    for (const { hookId } of [leaver, revoked])
      expect(
        await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId)),
      ).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, lastError: 'not-visible' })]);
  });

  it('the delivery log keeps delivered and failed entries for the retention period, pending ones until they settle', async () => {
    const { hookId } = await member('Checks Log Ltd', '/log');
    const now = t.clock.now().getTime();
    const entry = (key: string, status: string, ageDays: number) => ({
      webhookId: hookId,
      event: 'ping',
      eventKey: `ping:${key}`,
      payload: { webhookId: hookId, ping: true },
      status,
      createdAt: new Date(now - ageDays * DAY_MS),
    });
    await t.db
      .insert(webhookDeliveries)
      .values([
        entry('old-delivered', 'delivered', 31),
        entry('old-failed', 'failed', 40),
        entry('old-pending', 'pending', 31),
        entry('recent-delivered', 'delivered', 29),
      ]);
    expect(await t.app.services.webhooks.pruneDeliveryLog(30)).toBe(2);
    const left = await t.db
      .select({ key: webhookDeliveries.eventKey })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hookId));
    expect(left.map((row) => row.key).sort()).toEqual(['ping:old-pending', 'ping:recent-delivered']);
  });
});
