import {
  WEBHOOK_DELIVERY_MAX_AGE_HOURS,
  WEBHOOK_IN_FLIGHT_PER_ACCOUNT,
  WEBHOOK_MAX_ATTEMPTS,
} from '@portal/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions, users, webhookDeliveries, webhooks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { FailureReason, JobContext, JobHandler, QueuedJob, QueueSpec } from '../../lib/jobs/job-types';
import type { CatalogAccess } from '../catalog/catalog-access';
import { WebhookCircuit } from './webhook-circuit';
import { bodyOf } from './webhook-payload';
import type { WebhookPauseMail } from './webhook-pause-mail';
import { enqueueDelivery, WEBHOOK_DELIVER_QUEUE, type WebhookDeliveryJob } from './webhook-queues';
import type { WebhookSender } from './webhook-sender';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Retries wait 30 s, doubling (with jitter) up to 6 h: about 4 to 8 hours of attempts in all. */
const RETRY_DELAY_SECONDS = 30;
const RETRY_DELAY_MAX_SECONDS = 6 * 3600;
/** Deliveries waiting out a pause come back spread over this, not all at once. */
const WAIT_SPREAD_MS = 5_000;

/**
 * One attempt of one delivery: POSTs the signed body; a 2xx marks it delivered, anything else
 * records the status or error and is retried by the queue with exponential backoff until
 * WEBHOOK_MAX_ATTEMPTS, then 'failed'. The queue lives in the database, so pending deliveries
 * and their retries survive a restart. Before each attempt it checks that the delivery may still
 * go: not for an owner frozen since ('owner-frozen'), a webhook switched off since ('disabled'),
 * a version its owner may no longer see ('not-visible'), nor past WEBHOOK_DELIVERY_MAX_AGE_HOURS
 * ('expired'); such deliveries fail instead of retrying for hours. A paused webhook's deliveries
 * wait (a new job after the pause, no attempt counted); every attempt's outcome feeds its
 * circuit breaker, and the owner is mailed when it opens. An address that turned private is not
 * retried.
 */
export class WebhookDelivery implements JobHandler<WebhookDeliveryJob> {
  readonly spec: QueueSpec;
  private readonly circuit: WebhookCircuit;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sender: WebhookSender,
    private readonly deps: { jobs: JobQueue; access: CatalogAccess; pauseMail: WebhookPauseMail },
    /** WEBHOOK_WORKERS: deliveries this process sends at once, apart from the task workers. */
    workers: number,
  ) {
    this.circuit = new WebhookCircuit(db);
    this.spec = {
      name: WEBHOOK_DELIVER_QUEUE,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      retryDelaySeconds: RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: RETRY_DELAY_MAX_SECONDS,
      // The receiver's 10 s, and the database writes around it.
      timeoutSeconds: 60,
      concurrency: workers,
      groupConcurrency: WEBHOOK_IN_FLIGHT_PER_ACCOUNT,
      // One claim loop per process: an idle queue costs a query per poll. This process's sends
      // and freed slots wake it at once, so the poll only finds retries coming due and
      // deliveries other processes sent.
      pollSeconds: 2,
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
        ownerId: webhooks.userId,
        ownerFrozen: users.frozen,
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .innerJoin(users, eq(users.id, webhooks.userId))
      .where(eq(webhookDeliveries.id, id));
    // Deleted with its webhook, or already settled by an earlier run.
    if (!row || row.delivery.status !== 'pending') return;
    const now = this.clock.now();
    const stop = await this.reasonToStop(row, now);
    if (stop) {
      await context.finish((tx) => this.settle(tx, id, { status: 'failed', lastError: stop }, false));
      return;
    }
    const webhookId = row.delivery.webhookId;
    // A test event just asked for probes a paused webhook at once (its retries wait like any).
    const fresh = row.delivery.event === 'ping' && row.delivery.attempts === 0;
    const gate = await this.circuit.gate(webhookId, now, { probeNow: fresh });
    if (gate.kind === 'wait') {
      // Paused (or its probe in flight): the delivery waits in a job of its own, no attempt spent.
      const at = new Date(gate.until.getTime() + Math.random() * WAIT_SPREAD_MS);
      await context.finish(async (tx) => {
        await enqueueDelivery(this.deps.jobs, tx, { deliveryId: id, accountId: row.ownerId }, at);
      });
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
      await this.circuit.succeeded(webhookId);
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
    const attempt = {
      responseStatus: result.kind === 'answered' ? result.status : null,
      lastError,
      lastAttemptAt: now,
    };
    const circuit = await this.circuit.failed(webhookId, now, gate.probe);
    if (circuit?.opened) await this.deps.pauseMail.send(webhookId, circuit);
    // The row counts the attempts (a wait starts a new job, whose own count starts again).
    if (row.delivery.attempts + 1 >= WEBHOOK_MAX_ATTEMPTS) {
      await context.finish((tx) => this.settle(tx, id, { ...attempt, status: 'failed' }));
      return;
    }
    await this.settle(this.db, id, attempt);
    // The queue retries after its backoff.
    throw new Error(`webhook delivery ${id}: ${lastError}`);
  }

  /** Why a pending delivery must not be sent any more, if it must not. */
  private async reasonToStop(
    row: { delivery: DeliveryRow; active: boolean; ownerId: number; ownerFrozen: boolean },
    now: Date,
  ): Promise<string | null> {
    if (row.ownerFrozen) return 'owner-frozen';
    if (!row.active) return 'disabled';
    if (now.getTime() - row.delivery.createdAt.getTime() > WEBHOOK_DELIVERY_MAX_AGE_HOURS * 3_600_000)
      return 'expired';
    if (row.delivery.event === 'ping') return null;
    // An advisory, once visible, stays visible; the fan-out checked who may read it.
    if (row.delivery.event.startsWith('advisory.')) return null;
    const { versionId } = row.delivery.payload as { versionId?: number };
    return (await this.mayStillSee(row.ownerId, versionId)) ? null : 'not-visible';
  }

  /** Whether the owner may see the version now, by the catalogue's one rule (as the fan-out decided). */
  private async mayStillSee(userId: number, versionId: number | undefined): Promise<boolean> {
    if (versionId === undefined) return false;
    const [item] = await this.db
      .select({ id: catalogItems.id, visibility: catalogItems.visibility })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(and(eq(catalogVersions.id, versionId), ne(catalogVersions.status, 'draft')));
    if (!item) return false;
    return this.deps.access.canSee(await this.deps.access.viewerOf(userId), item);
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
