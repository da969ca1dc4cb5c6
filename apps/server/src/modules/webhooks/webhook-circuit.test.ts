import {
  type Page,
  WEBHOOK_DELIVERY_MAX_AGE_HOURS,
  WEBHOOK_PAUSE_AFTER_FAILURES,
  type Webhook,
  type WebhookDelivery,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, webhookDeliveries, webhooks } from '../../db/schema';
import { createItem, createVersion } from '../../test/catalog-factories';
import { withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { customerWithWebhook } from '../../test/webhook-fixtures';
import { startReceiver } from '../../test/webhook-receivers';
import { enqueueWebhookEvent } from './webhook-queues';

const MINUTE = 60_000;

/**
 * The circuit breaker of each webhook: a receiver failing again and again is paused, its
 * deliveries wait instead of spending their attempts, its owner is told in the list and once by
 * mail, and a probe after the pause (or a test event at once) resumes it.
 */
describe.each(DRIVERS)('a webhook failing again and again on %s', (driver) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let item: { id: number };
  /** The status each path answers now: 500 unless told. */
  const answers = new Map<string, number>();

  const run = () => t.app.services.jobs.runUntilIdle();
  /** Every job waiting (a retry's backoff, a pause) is due now; the test moves the portal's clock itself. */
  const releaseWaiting = () =>
    t.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second'
           where name = 'webhook.deliver' and state in ('created', 'retry')`,
    );
  const deliveriesOf = (hookId: number) =>
    t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
  const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

  /**
   * A customer with an address, a verified server of a model of their own and a webhook to
   * `path` for its releases; `release()` publishes a version for that model (one delivery).
   */
  async function failingHook(path: string) {
    const email = `${path.slice(1)}@example.com`;
    const english = { email, locale: 'en-US' } as const;
    const { user: owner, model, hookId: id } = await customerWithWebhook(t, receiver.url(path), english);
    const listed = async () =>
      (await withToken<Webhook[]>(t.app, owner.token, { url: '/api/sysUser/webhooks' })).body.data.find(
        (hook) => hook.id === id,
      )!;
    let versions = 0;
    /** Publishes `n` versions for the owner's model, as publishing raises them. */
    const release = async (n = 1) => {
      for (let k = 0; k < n; k += 1) {
        const version = await createVersion(t.db, t.app.services.store, {
          itemId: item.id,
          version: `${id}.0.${(versions += 1)}`,
          modelIds: [model.id],
        });
        await t.db.transaction((tx) =>
          enqueueWebhookEvent(t.app.services.jobs, tx as never, {
            event: 'release.published',
            versionId: version.id,
          }),
        );
      }
    };
    return { owner, email, id, listed, release };
  }

  beforeAll(async () => {
    receiver = await startReceiver((path) => answers.get(path) ?? 500);
    t = await createTestApp(driver, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
    item = await createItem(t.db, { kind: 'BMC' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it(`pauses after ${WEBHOOK_PAUSE_AFTER_FAILURES} failed attempts in a row: its deliveries wait, the owner is told once, a probe after the pause resumes it`, async () => {
    const hook = await failingHook('/down');
    await hook.release(5);
    // Five deliveries, two attempts each: the tenth failure in a row pauses the webhook.
    await run();
    await releaseWaiting();
    await run();
    expect(receiver.at('/down')).toHaveLength(WEBHOOK_PAUSE_AFTER_FAILURES);
    const paused = (await hook.listed()).paused;
    expect(paused).toEqual({
      failingSince: t.clock.now().toISOString(),
      failures: WEBHOOK_PAUSE_AFTER_FAILURES,
      retryAt: new Date(t.clock.now().getTime() + MINUTE).toISOString(),
    });

    // Their retries come due: none is sent while it is paused, and no attempt is spent.
    await releaseWaiting();
    await run();
    await releaseWaiting();
    await run();
    expect(receiver.at('/down')).toHaveLength(WEBHOOK_PAUSE_AFTER_FAILURES);
    for (const delivery of await deliveriesOf(hook.id))
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });

    const mails = await mailsTo(hook.email);
    expect(mails).toHaveLength(1);
    const origin = new URL(receiver.url('/')).origin;
    expect(mails[0]!.subject).toBe(`Webhook paused: ${origin}`);
    expect(mails[0]!.body).toContain(`failed ${WEBHOOK_PAUSE_AFTER_FAILURES} times in a row`);
    // The receiver by its origin only: a path may be its secret.
    expect(mails[0]!.body).not.toContain('/down');

    // The receiver is fixed; after the pause one probe goes, answered, and the rest follow.
    answers.set('/down', 200);
    t.clock.advance(MINUTE + 1_000);
    await releaseWaiting();
    await run();
    expect(receiver.at('/down')).toHaveLength(WEBHOOK_PAUSE_AFTER_FAILURES + 5);
    for (const delivery of await deliveriesOf(hook.id))
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    expect((await hook.listed()).paused).toBeNull();
    expect(await mailsTo(hook.email)).toHaveLength(1);
  });

  it('a failed probe pauses it again for twice as long, one probe at a time, and mails nobody again', async () => {
    const hook = await failingHook('/still-down');
    await hook.release(2);
    // One failure short of a pause.
    await t.db
      .update(webhooks)
      .set({ consecutiveFailures: WEBHOOK_PAUSE_AFTER_FAILURES - 2, failingSince: t.clock.now() })
      .where(eq(webhooks.id, hook.id));
    await run();
    expect((await hook.listed()).paused).toMatchObject({ failures: WEBHOOK_PAUSE_AFTER_FAILURES });
    expect(receiver.at('/still-down')).toHaveLength(2);

    t.clock.advance(MINUTE + 1_000);
    await releaseWaiting();
    await run();
    // Two deliveries were due: one probed, the other waits for the next.
    expect(receiver.at('/still-down')).toHaveLength(3);
    const paused = (await hook.listed()).paused;
    expect(paused).toMatchObject({ failures: WEBHOOK_PAUSE_AFTER_FAILURES + 1 });
    expect(new Date(paused!.retryAt).getTime()).toBe(t.clock.now().getTime() + 2 * MINUTE);
    expect(await mailsTo(hook.email)).toHaveLength(1);
  });

  it('a test event probes a paused webhook at once and, answered, resumes it', async () => {
    const hook = await failingHook('/fixed');
    await t.db
      .update(webhooks)
      .set({
        consecutiveFailures: WEBHOOK_PAUSE_AFTER_FAILURES,
        failingSince: t.clock.now(),
        pausedUntil: new Date(t.clock.now().getTime() + 30 * MINUTE),
        pauses: 3,
      })
      .where(eq(webhooks.id, hook.id));
    answers.set('/fixed', 200);
    await withToken(t.app, hook.owner.token, {
      method: 'POST',
      url: `/api/sysUser/webhooks/${hook.id}/ping`,
    });
    await run();
    expect(receiver.at('/fixed')).toHaveLength(1);
    expect((await hook.listed()).paused).toBeNull();
  });

  it(`gives up deliveries still waiting ${WEBHOOK_DELIVERY_MAX_AGE_HOURS} hours after their event: expired`, async () => {
    const hook = await failingHook('/gone');
    await hook.release();
    await t.db
      .update(webhooks)
      .set({
        consecutiveFailures: WEBHOOK_PAUSE_AFTER_FAILURES,
        failingSince: t.clock.now(),
        pausedUntil: new Date(t.clock.now().getTime() + 60 * MINUTE),
        pauses: 7,
      })
      .where(eq(webhooks.id, hook.id));
    await run();
    expect(await deliveriesOf(hook.id)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 0 }),
    ]);
    t.clock.advance(WEBHOOK_DELIVERY_MAX_AGE_HOURS * 60 * MINUTE + 1_000);
    await releaseWaiting();
    await run();
    expect(receiver.at('/gone')).toHaveLength(0);
    const log = await withToken<Page<WebhookDelivery>>(t.app, hook.owner.token, {
      url: `/api/sysUser/webhooks/${hook.id}/deliveries`,
    });
    expect(log.body.data.rows[0]).toMatchObject({
      status: 'failed',
      lastError: { kind: 'expired', detail: '' },
    });
  });
});
