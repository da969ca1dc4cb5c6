import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { users } from './users';
import { EMAIL_MAX_LENGTH } from '@portal/contract';

/** Single-use codes sent by mail (or SMS later); only a hash of the code is stored. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: idColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the code allows, e.g. 'modify-password'. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    destination: varchar('destination', { length: EMAIL_MAX_LENGTH }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.purpose, t.destination, t.createdAt),
    index('verification_codes_destination_idx').on(t.destination, t.createdAt),
  ],
);

/**
 * Every mail the portal sends, written before it is sent (a durable queue, modules/mail), also
 * when no SMTP server is configured (then it is only logged).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    recipient: varchar('recipient', { length: EMAIL_MAX_LENGTH }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    body: text('body').notNull(),
    /** One of OUTBOX_STATUSES (contract): queued, sent, logged, failed, expired. */
    status: varchar('status', { length: 16 }).notNull(),
    /** The last SMTP error (kept after a later success: it says why the mail was late). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** SMTP attempts so far, the one in flight included. */
    attempts: integer('attempts').notNull().default(0),
    /** While queued: when the next attempt is due. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** An attempt is in flight until then: no other process may take the mail. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** When its content (a code, a link) is no longer valid: never delivered after that. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_queued_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** Password-reset links: only the SHA-256 of the token is stored; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Every SMS the portal sends through its gateway driver (the logging driver only writes here and to the log). */
export const smsOutbox = pgTable('sms_outbox', {
  id: idColumn(),
  phone: varchar('phone', { length: 32 }).notNull(),
  body: text('body').notNull(),
  /** Name of the driver that handled it, e.g. 'log'. */
  driver: varchar('driver', { length: 32 }).notNull(),
  /** 'sent', 'logged' or 'failed'. */
  status: varchar('status', { length: 16 }).notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
