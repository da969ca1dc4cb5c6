import { z } from 'zod';
import { localeSchema } from './locale';
import { pageOf } from './paging';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from './limits';
import { PUBLISH_VERSION_STATUSES, versionAdvisoryFields } from './publishing';
import { webhookAdvisoryDataSchema } from './advisories';

/**
 * Webhooks (issue 20): the portal POSTs signed JSON to an account's URLs when something concerns
 * that account. Receivers check `X-Portal-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>`
 * (timestamp = `X-Portal-Timestamp`, unix seconds) and reject old timestamps; `X-Portal-Delivery`
 * (also the body's `id`) stays the same across retries of one delivery.
 */

/** What a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  'release.published',
  'version.recalled',
  'advisory.published',
  'advisory.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a delivery may carry: the subscribed events, and the test event sent on request. */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'ping'] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOKS_PER_ACCOUNT = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The first attempt and its retries; then the delivery is 'failed'. */
export const WEBHOOK_MAX_ATTEMPTS = 10;
/** One attempt, the host's lookup included, ends within this. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** Deliveries of one account in flight at once (per portal process): a slow receiver holds no more. */
export const WEBHOOK_IN_FLIGHT_PER_ACCOUNT = 2;
/** Failed attempts in a row (of any of its deliveries) after which a webhook is paused. */
export const WEBHOOK_PAUSE_AFTER_FAILURES = 10;
/** A delivery still waiting this long after its event (its webhook paused) is given up. */
export const WEBHOOK_DELIVERY_MAX_AGE_HOURS = 24;
/** Test events one webhook may be sent per hour. */
export const WEBHOOK_PINGS_PER_HOUR = 5;
export const WEBHOOK_USER_AGENT = 'FirmwarePortal-Webhook/1';
export const WEBHOOK_HEADERS = {
  event: 'x-portal-event',
  delivery: 'x-portal-delivery',
  timestamp: 'x-portal-timestamp',
  signature: 'x-portal-signature',
} as const;
export const WEBHOOK_SIGNATURE_VERSION = 'v1';
/**
 * Why a delivery attempt failed, stored as `kind` or `kind:detail`: the receiver answered with
 * a non-2xx status (detail: the status), did not answer in time, the connection failed (detail:
 * the system's error code), the address is private or does not resolve (detail: the host), the
 * webhook was switched off or its owner frozen before it was sent, the job itself was stopped,
 * it waited past WEBHOOK_DELIVERY_MAX_AGE_HOURS while its webhook was paused ('expired'), or its
 * owner may no longer see the version it is about ('not-visible': a grant revoked since).
 */
export const WEBHOOK_ERROR_KINDS = [
  'http',
  'timeout',
  'network',
  'private-address',
  'unresolved',
  'refused',
  'disabled',
  'owner-frozen',
  'aborted',
  'attempt-timeout',
  'worker-stopped',
  'expired',
  'not-visible',
] as const;
export type WebhookErrorKind = (typeof WEBHOOK_ERROR_KINDS)[number];

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, { message: 'FIELD_DUPLICATE' });

export const webhookCreateSchema = z.object({
  /** http(s) to a public host; refused for loopback, private, link-local and similar addresses. */
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX),
  events: eventList,
  active: z.boolean().default(true),
});
export type WebhookCreate = z.output<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z
  .object({ events: eventList.optional(), active: z.boolean().optional() })
  .refine((body) => body.events !== undefined || body.active !== undefined, { message: 'FIELD_REQUIRED' });
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;

export const webhookParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The newest delivery of a webhook, so a list can say at a glance whether it works. */
export const webhookLastDeliverySchema = z.object({
  event: z.enum(WEBHOOK_DELIVERY_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
});

/**
 * A webhook paused by its circuit breaker: failing since `failingSince` (`failures` attempts in a
 * row); its deliveries wait and the next try is at `retryAt` (a test event tries at once).
 */
export const webhookPauseSchema = z.object({
  failingSince: z.string(),
  failures: z.number().int(),
  retryAt: z.string(),
});
export type WebhookPause = z.infer<typeof webhookPauseSchema>;

/** A webhook as its owner sees it: never the secret. */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  createdAt: z.string(),
  lastDelivery: webhookLastDeliverySchema.nullable(),
  /** Set while the webhook is paused after repeated failures. */
  paused: webhookPauseSchema.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/**
 * Support's view of a customer's webhook: where it posts by origin only (the path and query of a
 * receiver's URL are often its secret, e.g. a chat service's incoming hook), its events, on/off
 * and last delivery. Staff can switch it off, not read or change where it points.
 */
export const staffWebhookSchema = webhookSchema.omit({ url: true }).extend({ origin: z.string() });
export type StaffWebhook = z.infer<typeof staffWebhookSchema>;
export const staffWebhookListSchema = z.array(staffWebhookSchema);
export const webhookListSchema = z.array(webhookSchema);
/** Answered once, at creation: the only time the signing secret is shown. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookDeliveryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});

/** One entry of the delivery log, newest first. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  event: z.enum(WEBHOOK_DELIVERY_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Attempts made so far, of at most `maxAttempts`. */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt (null: no answer, e.g. a timeout). */
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed: a kind the console names in the reader's language, and its detail. */
  lastError: z.object({ kind: z.enum(WEBHOOK_ERROR_KINDS), detail: z.string() }).nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The JSON body sent (the same on every attempt). */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);

/**
 * Support's view of a delivery: what happened to it, not what was sent (the body is the
 * customer's), and a refusal names the receiver's origin, never its full address.
 */
export const staffWebhookDeliverySchema = webhookDeliverySchema.omit({ payload: true });
export type StaffWebhookDelivery = z.infer<typeof staffWebhookDeliverySchema>;
export const staffWebhookDeliveryPageSchema = pageOf(staffWebhookDeliverySchema);

/** `data` of release.published and version.recalled: the version as the receiver needs it. */
export const webhookVersionDataSchema = z.object({
  versionId: z.number().int(),
  itemCode: z.string(),
  kind: z.string(),
  itemName: z.record(localeSchema, z.string()),
  version: z.string(),
  status: z.enum(PUBLISH_VERSION_STATUSES),
  releaseDate: z.string(),
  ...versionAdvisoryFields,
  fileName: z.string(),
  fileSize: z.number().int(),
  sha256: z.string(),
  publishedAt: z.string().nullable(),
  recalledAt: z.string().nullable(),
  recallReason: z.string().nullable(),
  /** The version in the console, and its file (GET with a session or an access token). */
  consoleUrl: z.string(),
  downloadUrl: z.string(),
  /** release.published: my servers (SNs) the version is for; version.recalled: empty. */
  servers: z.array(z.string()),
});
export type WebhookVersionData = z.infer<typeof webhookVersionDataSchema>;
export const webhookPingDataSchema = z.object({ webhookId: z.number().int(), ping: z.literal(true) });

/** The JSON body of every delivery. */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_DELIVERY_EVENTS),
  createdAt: z.string(),
  data: z.union([webhookVersionDataSchema, webhookAdvisoryDataSchema, webhookPingDataSchema]),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
