import { WEBHOOK_IN_FLIGHT_PER_ACCOUNT, WEBHOOK_MAX_ATTEMPTS } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users, webhookDeliveries, webhooks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { FailureReason, JobContext, JobHandler, QueuedJob, QueueSpec } from '../../lib/jobs/job-types';
import { bodyOf } from './webhook-payload';
import { WEBHOOK_DELIVER_QUEUE, type WebhookDeliveryJob } from './webhook-queues';
import type { WebhookSender } from './webhook-sender';

/** Retries wait 30 s, doubling (with jitter) up to 6 h: about 4 to 8 hours of attempts in all. */
const RETRY_DELAY_SECONDS = 30;
const RETRY_DELAY_MAX_SECONDS = 6 * 3600;

/**
 * One attempt of one delivery: POSTs the signed body; a 2xx marks it delivered, anything else
 * records the status or error and is retried by the queue with exponential backoff until
 * WEBHOOK_MAX_ATTEMPTS, then 'failed'. The queue lives in the database, so pending deliveries
 * and their retries survive a restart. An address that turned private is not retried, and
 * nothing more is sent for an owner frozen since ('owner-frozen') or a webhook switched off since
 * ('disabled', pings excepted): their pending deliveries fail instead of retrying for hours.
 */
export class WebhookDelivery implements JobHandler<WebhookDeliveryJob> {
  readonly spec: QueueSpec;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sender: WebhookSender,
    /** WEBHOOK_WORKERS: deliveries this process sends at once, apart from the task workers. */
    workers: number,
  ) {
    this.spec = {
      name: WEBHOOK_DELIVER_QUEUE,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      retryDelaySeconds: RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: RETRY_DELAY_MAX_SECONDS,
      // The receiver's 10 s, and the database writes around it.
      timeoutSeconds: 60,
      concurrency: workers,
      groupConcurrency: WEBHOOK_IN_FLIGHT_PER_ACCOUNT,
      // Many idle workers: a notification wakes them at once, their own polls can be sparse.
      pollSeconds: 1,
    };
  }

  async run(job: QueuedJob<WebhookDeliveryJob>, context: JobContext): Promise<void> {
    const id = job.data.deliveryId;
    const [row] = await this.db
      .select({
        delivery: webhookDeliveries,
        url: webhooks.url,
        secret: webhooks.secret,
        active: webhooks.active,
        ownerFrozen: users.frozen,
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .innerJoin(users, eq(users.id, webhooks.userId))
      .where(eq(webhookDeliveries.id, id));
    // Deleted with its webhook, or already settled by an earlier run.
    if (!row || row.delivery.status !== 'pending') return;
    const now = this.clock.now();
    if (row.ownerFrozen) {
      await context.finish((tx) =>
        this.settle(tx, id, { status: 'failed', lastError: 'owner-frozen' }, false),
      );
      return;
    }
    if (!row.active && row.delivery.event !== 'ping') {
      await context.finish((tx) => this.settle(tx, id, { status: 'failed', lastError: 'disabled' }, false));
      return;
    }
    const result = await this.sender.send({
      url: row.url,
      secret: row.secret,
      event: row.delivery.event,
      deliveryId: id,
      body: bodyOf(row.delivery),
      timestamp: Math.floor(now.getTime() / 1000),
      signal: job.signal,
    });
    if (result.kind === 'answered' && result.status >= 200 && result.status < 300) {
      await context.finish((tx) =>
        this.settle(tx, id, {
          status: 'delivered',
          responseStatus: result.status,
          lastError: null,
          lastAttemptAt: now,
          deliveredAt: now,
        }),
      );
      return;
    }
    if (result.kind === 'refused') {
      await context.finish((tx) =>
        this.settle(tx, id, {
          status: 'failed',
          responseStatus: null,
          lastError: result.message,
          lastAttemptAt: now,
        }),
      );
      return;
    }
    const lastError = result.kind === 'answered' ? `http:${result.status}` : result.message;
    await this.settle(this.db, id, {
      responseStatus: result.kind === 'answered' ? result.status : null,
      lastError,
      lastAttemptAt: now,
    });
    // The queue retries after its backoff, or calls onFailure('failed') when attempts are spent.
    throw new Error(`webhook delivery ${id}: ${lastError}`);
  }

  async onFailure(
    job: Omit<QueuedJob<WebhookDeliveryJob>, 'signal'>,
    reason: FailureReason,
    outcome: 'retry' | 'failed',
  ): Promise<void> {
    if (outcome !== 'failed') return;
    const why =
      reason.kind === 'error' ? null : reason.kind === 'timeout' ? 'attempt-timeout' : 'worker-stopped';
    await this.db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: sql`coalesce(${webhookDeliveries.lastError}, ${why})` })
      .where(and(eq(webhookDeliveries.id, job.data.deliveryId), eq(webhookDeliveries.status, 'pending')));
  }

  /** Records an attempt (unless none was made) and, when given, the delivery's new status. */
  private async settle(
    db: Db,
    id: number,
    change: Partial<
      Pick<
        typeof webhookDeliveries.$inferInsert,
        'status' | 'responseStatus' | 'lastError' | 'lastAttemptAt' | 'deliveredAt'
      >
    >,
    attempted = true,
  ): Promise<void> {
    await db
      .update(webhookDeliveries)
      .set({ ...change, ...(attempted ? { attempts: sql`${webhookDeliveries.attempts} + 1` } : {}) })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
  }
}
