import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { users } from './users';

/**
 * A user's background task (personal center > Tasks). `log` is a list of
 * `{ at, key, params }` entries, translated when read; the result is a file in
 * the FileStore until `result_expires_at`.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'LIST_MIRROR_SN', 'LIST_MIRROR_PN' or 'PACKAGE_LIVE_CD'. */
    type: varchar('type', { length: 24 }).notNull(),
    /** 'PENDING', 'RUNNING', 'SUCCESS' or 'FAILED'. */
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    params: jsonb('params').notNull(),
    log: jsonb('log').notNull().default([]),
    /** The pg-boss job (uuid) currently carrying the task; a retry sends a new one. */
    jobId: varchar('job_id', { length: 64 }),
    resultKey: varchar('result_key', { length: 256 }),
    resultName: varchar('result_name', { length: 255 }),
    resultSize: bigint('result_size', { mode: 'number' }),
    resultSha256: varchar('result_sha256', { length: 64 }),
    resultExpiresAt: timestamp('result_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_user_idx').on(t.userId, t.createdAt),
    index('tasks_result_expiry_idx').on(t.resultExpiresAt),
  ],
);
