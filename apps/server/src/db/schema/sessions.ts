import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from './columns';
import { users } from './users';

/** Server-side sessions make bearer tokens revocable; only a hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginRecords = pgTable(
  'login_records',
  {
    id: idColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    account: varchar('account', { length: 64 }).notNull(),
    /** LOGIN or LOGOUT */
    type: varchar('type', { length: 16 }).notNull(),
    success: integer('success').notNull(),
    /** The error code of a failed attempt (200 on success). */
    code: integer('code').notNull(),
    /** The message in the language of the attempt, kept for audit. */
    message: text('message').notNull(),
    /** Catalogue key and parameters, so lists can show the message in the reader's language. */
    messageKey: varchar('message_key', { length: 64 }),
    messageParams: jsonb('message_params').$type<Record<string, string | number>>(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('login_records_user_idx').on(t.userId, t.createdAt)],
);

/** One row per issued captcha; the answer is bound to the browser by an httpOnly cookie. */
export const captchas = pgTable('captchas', {
  id: varchar('id', { length: 64 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
