import { randomUUID } from 'node:crypto';
import {
  type Page,
  WEBHOOK_PINGS_PER_HOUR,
  WEBHOOKS_PER_ACCOUNT,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookUpdate,
} from '@portal/contract';
import { and, asc, count, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import { newestFirstPage } from '../../db/newest-first-page';
import type { Db } from '../../db/connection';
import { users, webhookDeliveries, webhooks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { RateCounters } from '../../lib/rate-limit/counters';
import { hostOf, parseWebhookUrl, publicAddressesOf, type Resolver } from './address-guard';
import { toDelivery } from './webhook-payload';
import { enqueueDelivery } from './webhook-queues';
import { generateWebhookSecret } from './webhook-signature';
import { DAY_MS } from '../../lib/clock';

type WebhookRow = typeof webhooks.$inferSelect;

/** Deliveries one statement of the log's pruning removes at most. */
const PRUNE_BATCH = 5_000;

/** An account's webhooks: created, changed and deleted by their owner only; others get 404. */
export class WebhookService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly counters: RateCounters,
    private readonly options: { allowPrivate: boolean; resolve?: Resolver },
  ) {}

  async list(userId: number): Promise<Webhook[]> {
    const rows = await this.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.userId, userId))
      .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
    return this.describe(rows);
  }

  /** Saves a webhook to a checked public address; the secret is answered this once. */
  async create(userId: number, input: WebhookCreate): Promise<WebhookCreated> {
    const url = parseWebhookUrl(input.url);
    await publicAddressesOf(hostOf(url), this.options);
    const secret = generateWebhookSecret();
    const row = await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      // The owner's row is locked so that two requests at once cannot both pass the limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, userId));
      if ((held?.n ?? 0) >= WEBHOOKS_PER_ACCOUNT)
        throw new AppError('WEBHOOK_LIMIT', { params: { max: WEBHOOKS_PER_ACCOUNT } });
      const [inserted] = await tx
        .insert(webhooks)
        .values({
          userId,
          url: url.href,
          secret,
          events: [...input.events],
          active: input.active,
          createdAt: this.clock.now(),
        })
        .returning();
      return inserted;
    });
    if (!row) throw new Error('webhook not inserted');
    const [webhook] = await this.describe([row]);
    return { ...webhook!, secret };
  }

  /** Changes the owner's webhook (`db`: a transaction of a caller that audits the change). */
  async update(userId: number, id: number, input: WebhookUpdate, db: Db = this.db): Promise<Webhook> {
    const [row] = await db
      .update(webhooks)
      .set({
        ...(input.events ? { events: [...input.events] } : {}),
        ...(input.active === undefined ? {} : { active: input.active }),
      })
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
      .returning();
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    const [webhook] = await this.describe([row], db);
    return webhook!;
  }

  /** Deletes the webhook and its delivery log; deliveries still queued then find nothing to send. */
  async remove(userId: number, id: number): Promise<Webhook> {
    const [existing] = await this.describe(await this.own(userId, id));
    await this.db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
    return existing!;
  }

  /** The delivery log of one of my webhooks, newest first. */
  async deliveries(
    userId: number,
    id: number,
    page: { pageNo: number; pageSize: number },
  ): Promise<Page<WebhookDelivery>> {
    await this.own(userId, id);
    const deliveries = await newestFirstPage(
      this.db,
      webhookDeliveries,
      eq(webhookDeliveries.webhookId, id),
      page,
    );
    return { ...deliveries, rows: deliveries.rows.map(toDelivery) };
  }

  /**
   * Queues a test event to the webhook; the log shows how it went. Only to a webhook switched on,
   * and WEBHOOK_PINGS_PER_HOUR per webhook, counted in the database (so across every process):
   * a test event is sent even while the webhook is paused, as the probe that resumes it.
   */
  async ping(userId: number, id: number): Promise<WebhookDelivery> {
    const [webhook] = await this.own(userId, id);
    if (!webhook!.active) throw new AppError('WEBHOOK_INACTIVE');
    const counted = await this.counters.hit(`webhook-ping:${id}`, 3_600_000);
    if (counted.count > WEBHOOK_PINGS_PER_HOUR) {
      const seconds = Math.max(
        1,
        Math.ceil((counted.expiresAt.getTime() - this.clock.now().getTime()) / 1000),
      );
      throw new AppError('WEBHOOK_PING_LIMIT', {
        params: { max: WEBHOOK_PINGS_PER_HOUR, minutes: Math.ceil(seconds / 60) },
        headers: { 'retry-after': String(seconds) },
      });
    }
    const row = await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      const [inserted] = await tx
        .insert(webhookDeliveries)
        .values({
          webhookId: id,
          event: 'ping',
          eventKey: `ping:${randomUUID()}`,
          payload: { webhookId: id, ping: true },
          createdAt: this.clock.now(),
        })
        .returning();
      if (!inserted) throw new Error('delivery not inserted');
      await enqueueDelivery(this.jobs, tx, { deliveryId: inserted.id, accountId: userId });
      return inserted;
    });
    return toDelivery(row);
  }

  /**
   * Removes delivered and failed deliveries older than the retention (pending ones stay), a batch
   * at a time so no statement holds the log for long; answers how many went.
   */
  async pruneDeliveryLog(retentionDays: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - retentionDays * DAY_MS);
    let removed = 0;
    for (;;) {
      const batch = await this.db
        .delete(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.id,
            this.db
              .select({ id: webhookDeliveries.id })
              .from(webhookDeliveries)
              .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')))
              .limit(PRUNE_BATCH),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      removed += batch.length;
      if (batch.length < PRUNE_BATCH) return removed;
    }
  }

  private async own(userId: number, id: number): Promise<WebhookRow[]> {
    const rows = await this.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
    if (rows.length === 0) throw new AppError('WEBHOOK_NOT_FOUND');
    return rows;
  }

  /** Adds each webhook's newest delivery (one query); never the secret. */
  private async describe(rows: WebhookRow[], db: Db = this.db): Promise<Webhook[]> {
    const ids = rows.map((row) => row.id);
    const last =
      ids.length === 0
        ? []
        : await db
            .selectDistinctOn([webhookDeliveries.webhookId], {
              webhookId: webhookDeliveries.webhookId,
              event: webhookDeliveries.event,
              status: webhookDeliveries.status,
              createdAt: webhookDeliveries.createdAt,
            })
            .from(webhookDeliveries)
            .where(inArray(webhookDeliveries.webhookId, ids))
            .orderBy(
              webhookDeliveries.webhookId,
              desc(webhookDeliveries.createdAt),
              desc(webhookDeliveries.id),
            );
    return rows.map((row) => {
      const newest = last.find((delivery) => delivery.webhookId === row.id);
      return {
        id: row.id,
        url: row.url,
        events: row.events as WebhookEvent[],
        active: row.active,
        createdAt: row.createdAt.toISOString(),
        paused:
          row.pausedUntil === null
            ? null
            : {
                failingSince: (row.failingSince ?? row.pausedUntil).toISOString(),
                failures: row.consecutiveFailures,
                retryAt: row.pausedUntil.toISOString(),
              },
        lastDelivery: newest
          ? {
              event: newest.event as Webhook['events'][number] | 'ping',
              status: newest.status as 'pending' | 'delivered' | 'failed',
              createdAt: newest.createdAt.toISOString(),
            }
          : null,
      };
    });
  }
}
