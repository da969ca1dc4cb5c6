import type { WebhookEvent } from '@portal/contract';
import type { Db } from '../../db/connection';
import type { JobQueue } from '../../lib/jobs/job-queue';

export const WEBHOOK_FANOUT_QUEUE = 'webhook.fanout';
export const WEBHOOK_DELIVER_QUEUE = 'webhook.deliver';

export type WebhookEventJob = { event: WebhookEvent; versionId: number };
export type WebhookDeliveryJob = { deliveryId: number };

/**
 * Raises a webhook event in the caller's transaction: deliveries are worked out by a queued job,
 * and exist only if the change that raised the event commits.
 */
export function enqueueWebhookEvent(queue: JobQueue, tx: Db, event: WebhookEventJob) {
  return queue.send(WEBHOOK_FANOUT_QUEUE, event, { tx });
}

/**
 * Queues one delivery's attempts, in the transaction that stored the delivery (or that put off
 * its next attempt: `startAfter`). Its account is its group: the queue runs at most
 * WEBHOOK_IN_FLIGHT_PER_ACCOUNT deliveries of one account at once.
 */
export function enqueueDelivery(
  queue: JobQueue,
  tx: Db,
  delivery: { deliveryId: number; accountId: number },
  startAfter?: Date,
) {
  return queue.send(WEBHOOK_DELIVER_QUEUE, { deliveryId: delivery.deliveryId } satisfies WebhookDeliveryJob, {
    tx,
    group: `account:${delivery.accountId}`,
    startAfter,
  });
}

/** The same for many deliveries at once (an advisory to thousands of accounts): one INSERT. */
export function enqueueDeliveries(
  queue: JobQueue,
  tx: Db,
  deliveries: { deliveryId: number; accountId: number }[],
) {
  return queue.sendMany(
    WEBHOOK_DELIVER_QUEUE,
    deliveries.map((delivery) => ({
      data: { deliveryId: delivery.deliveryId } satisfies WebhookDeliveryJob,
      group: `account:${delivery.accountId}`,
    })),
    { tx },
  );
}
