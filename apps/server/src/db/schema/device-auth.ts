import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { users } from './users';

/**
 * Device sign-ins of command-line clients (RFC 8628, issue 32): one row per code a client asked
 * for. Both codes are stored as SHA-256 only. `status` goes pending -> approved | denied, and an
 * approved row becomes `issued` in the one update that hands its token out (single use).
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: idColumn(),
    deviceCodeHash: varchar('device_code_hash', { length: 64 }).notNull().unique(),
    userCodeHash: varchar('user_code_hash', { length: 64 }).notNull().unique(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    clientHost: varchar('client_host', { length: 64 }).notNull().default(''),
    clientIp: varchar('client_ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 256 }).notNull().default(''),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What the client asked for (RFC 8628 `scope`, and a number of days): the console's form starts from it. */
    requestedScopes: text('requested_scopes').array().notNull().default([]),
    requestedDays: integer('requested_days'),
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    /** 'pending', 'approved', 'denied' or 'issued'. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The token the approver chose: name, scopes, days. */
    tokenName: varchar('token_name', { length: 64 }),
    tokenScopes: text('token_scopes').array(),
    tokenDays: integer('token_days'),
  },
  (t) => [index('device_authorizations_expires_idx').on(t.expiresAt)],
);
