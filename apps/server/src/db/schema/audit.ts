import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from './columns';

/**
 * Who did what to which record, when, from where (issue 8). Append-only: a trigger in the
 * migration refuses UPDATE and DELETE, so not even a bug in the portal can rewrite history.
 * The actor's account is copied, so a row still names them after the user is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    /** Null for anonymous actions (a failed sign-in of an unknown account). */
    actorId: integer('actor_id'),
    actorAccount: varchar('actor_account', { length: 64 }).notNull(),
    /** e.g. 'version.publish', 'user.freeze', 'role.update', 'login.failure'. */
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    detail: jsonb('detail').notNull().default({}),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
