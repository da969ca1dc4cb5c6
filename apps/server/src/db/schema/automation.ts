import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from './columns';
import { users } from './users';

/**
 * Personal access tokens (issue 20): what scripts and the `fwportal` client send instead of a
 * console session. Only the SHA-256 of the token is stored; `prefix` lets a person recognise it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'owner', 'staff', 'password' (changed or reset) or 'frozen'. */
    revokedReason: varchar('revoked_reason', { length: 16 }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);

/** One private feed token per user: feed readers cannot send headers, so it rides in the feed URL. */
export const feedTokens = pgTable('feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: createdAtColumn(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Webhook subscriptions of an account: where to POST which events, signed with `secret`. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The HMAC key: the portal must sign with it, so it is kept (shown to the owner once). */
    secret: varchar('secret', { length: 128 }).notNull(),
    /** 'release.published', 'version.recalled'. */
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAtColumn(),
    /** The circuit breaker (webhook-circuit.ts): failed attempts in a row, and since when. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Set: paused, its deliveries wait; once past, one probe may try it. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** Openings of this outage (each failed probe doubles the pause). */
    pauses: integer('pauses').notNull().default(0),
    /** A probe in flight holds the paused webhook until then. */
    probeUntil: timestamp('probe_until', { withTimezone: true }),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

/** Every event sent (or being sent) to a webhook, with its attempts: the delivery log users see. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 32 }).notNull(),
    /** e.g. 'release.published:42': one delivery per webhook and event, however often it is raised. */
    eventKey: varchar('event_key', { length: 128 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** 'pending', 'delivered' or 'failed' (retries exhausted). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.webhookId, t.eventKey),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
