import type { Page, WebhookCreated, WebhookDelivery } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test/dns-server';
import { tokenFor, withToken } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, type Driver, type TestApp } from '../../test/test-app';
import { startReceiver } from '../../test/webhook-receivers';
import { WEBHOOK_LOOKUP_TIMEOUT_MS } from './dns-lookup';

/**
 * Webhook host names through the portal's own name servers (WEBHOOK_DNS_SERVERS): a test name
 * server answering `hooks.test` with loopback, then falling silent. A file per driver
 * (webhook-dns-pglite.test.ts, webhook-dns-postgres.test.ts): most of the time is the lookup's
 * real 3 s limit, waited twice on each, and the two files wait side by side.
 */
export const describeWebhookDns = (only: Driver) =>
  describe.each([only])('webhook host lookups through the portal on %s', (driver) => {
    let t: TestApp;
    let dns: Awaited<ReturnType<typeof startDnsServer>>;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    const port = () => new URL(receiver.url('/')).port;

    const create = (token: string, url: string) =>
      withToken<WebhookCreated>(t.app, token, {
        method: 'POST',
        url: '/api/sysUser/webhooks',
        payload: { url, events: ['release.published'] },
      });
    const newestDelivery = async (token: string, id: number) =>
      (
        await withToken<Page<WebhookDelivery>>(t.app, token, {
          url: `/api/sysUser/webhooks/${id}/deliveries`,
        })
      ).body.data.rows[0];

    beforeAll(async () => {
      dns = await startDnsServer({ 'hooks.test': ['127.0.0.1'] });
      receiver = await startReceiver();
      t = await createTestApp(driver, {
        config: { WEBHOOK_ALLOW_PRIVATE: true, WEBHOOK_DNS_SERVERS: [dns.address] },
      });
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await receiver.close();
      await dns.close();
    });

    it("delivers to the address the portal's name servers give for the host", async () => {
      const { token } = await signedInUser(t);
      const created = await create(token, `http://hooks.test:${port()}/named`);
      expect(created.status).toBe(200);
      await withToken(t.app, token, {
        method: 'POST',
        url: `/api/sysUser/webhooks/${created.body.data.id}/ping`,
      });
      await t.app.services.jobs.runUntilIdle();
      expect(await newestDelivery(token, created.body.data.id)).toMatchObject({ status: 'delivered' });
      expect(receiver.at('/named')).toHaveLength(1);
      expect(dns.queries).toContain('hooks.test');
    });

    it('a name server that never answers: saving answers 400 within the lookup limit, and sign-ins go on meanwhile', async () => {
      const user = await signedInUser(t);
      dns.silence();
      try {
        const started = Date.now();
        const saves = Array.from({ length: 6 }, (_, n) =>
          create(user.token, `https://silent-${n}.test/hooks`).then((answer) => ({
            answer,
            took: Date.now() - started,
          })),
        );
        // A sign-in (its password hash runs on the thread pool) while six lookups hang.
        const signInStarted = Date.now();
        await tokenFor(t.app, user.account, user.password);
        const signIn = Date.now() - signInStarted;
        for (const { answer, took } of await Promise.all(saves)) {
          expect(answer.status).toBe(400);
          expect(answer.body.code).toBe(1026010);
          expect(took).toBeLessThan(WEBHOOK_LOOKUP_TIMEOUT_MS + 1_500);
        }
        expect(signIn).toBeLessThan(WEBHOOK_LOOKUP_TIMEOUT_MS);
      } finally {
        dns.silence(false);
      }
    });

    it('at delivery the lookup is inside the time limit: a silent name server ends the attempt as unresolved, and it is retried', async () => {
      const { token } = await signedInUser(t);
      const created = await create(token, `http://hooks.test:${port()}/later`);
      const id = created.body.data.id;
      dns.silence();
      try {
        await withToken(t.app, token, { method: 'POST', url: `/api/sysUser/webhooks/${id}/ping` });
        const started = Date.now();
        await t.app.services.jobs.runUntilIdle();
        expect(Date.now() - started).toBeLessThan(WEBHOOK_LOOKUP_TIMEOUT_MS + 2_000);
        expect(await newestDelivery(token, id)).toMatchObject({
          status: 'pending',
          attempts: 1,
          lastError: { kind: 'unresolved', detail: 'hooks.test' },
        });
      } finally {
        dns.silence(false);
      }
      await t.db.execute(
        sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'webhook.deliver' and state = 'retry'`,
      );
      await t.app.services.jobs.runUntilIdle();
      expect(await newestDelivery(token, id)).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(receiver.at('/later')).toHaveLength(1);
    });
  });
