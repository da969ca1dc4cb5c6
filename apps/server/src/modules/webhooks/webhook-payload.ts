import {
  WEBHOOK_ERROR_KINDS,
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookDeliveryStatus,
  type WebhookErrorKind,
  type WebhookPayload,
} from '@portal/contract';
import type { webhookDeliveries } from '../../db/schema';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The JSON body of a delivery: built from the stored row, so every retry sends the same bytes. */
export function payloadOf(row: DeliveryRow): WebhookPayload {
  return {
    id: String(row.id),
    event: row.event as WebhookDeliveryEvent,
    createdAt: row.createdAt.toISOString(),
    data: row.payload as WebhookPayload['data'],
  };
}

export const bodyOf = (row: DeliveryRow) => JSON.stringify(payloadOf(row));

/** A delivery log entry as its owner sees it. */
export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    event: row.event as WebhookDeliveryEvent,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    responseStatus: row.responseStatus,
    lastError: errorOf(row.lastError),
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    payload: payloadOf(row),
  };
}

/** `kind` or `kind:detail` as stored -> what the console translates; an unknown kind (an older row) reads as a network failure. */
function errorOf(stored: string | null): WebhookDelivery['lastError'] {
  if (stored === null) return null;
  const [kind = '', ...rest] = stored.split(':');
  const known = (WEBHOOK_ERROR_KINDS as readonly string[]).includes(kind);
  return known
    ? { kind: kind as WebhookErrorKind, detail: rest.join(':') }
    : { kind: 'network', detail: stored };
}
