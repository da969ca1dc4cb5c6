import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { sessions } from './sessions';
import { users } from './users';

/**
 * Short-lived, single-purpose download tickets: a download or task-result link carries one
 * of these instead of the session token. Only the SHA-256 of the ticket is stored; a ticket
 * names its user, its session (revoking the session ends it), what it opens and until when.
 */
export const downloadTickets = pgTable(
  'download_tickets',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** 'version' (a catalogue file) or 'task' (a task result). */
    kind: varchar('kind', { length: 16 }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('download_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * Rate-limit counters shared by every portal process (the @fastify/rate-limit store and the
 * per-address limits of code endpoints): one row per key and window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    /** bigint: also counts the bytes of a daily download quota. */
    count: bigint('count', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
