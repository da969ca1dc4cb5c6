import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The durable job queue (lib/jobs): one row per unit of background work. Workers in
 * any number of processes claim rows with `FOR UPDATE SKIP LOCKED` and hold a lease
 * (`locked_until`) they renew while working; a row whose lease ran out belongs to a
 * worker that died and is queued again, or failed once its attempts are spent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it, e.g. 'task.run', 'notice.fanout', 'task.cleanup'. */
    queue: varchar('queue', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** 'queued', 'active', 'done' or 'failed'. */
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_ready_idx').on(t.state, t.runAfter),
    index('jobs_lease_idx').on(t.state, t.lockedUntil),
  ],
);

/**
 * A user's background task (personal center > Tasks). `log` is a list of
 * `{ at, key, params }` entries, translated when read; the result is a file in
 * the FileStore until `result_expires_at`.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'LIST_MIRROR_SN', 'LIST_MIRROR_PN' or 'PACKAGE_LIVE_CD'. */
    type: varchar('type', { length: 24 }).notNull(),
    /** 'PENDING', 'RUNNING', 'SUCCESS' or 'FAILED'. */
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    params: jsonb('params').notNull(),
    log: jsonb('log').notNull().default([]),
    /** The job currently carrying the task; a retry enqueues a new one. */
    jobId: bigint('job_id', { mode: 'number' }),
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
