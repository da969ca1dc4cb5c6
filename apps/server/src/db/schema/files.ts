import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Files users uploaded (avatars for now); the bytes live in the file store under `storage_key`. */
export const storedFiles = pgTable(
  'files',
  {
    /** Random, unguessable id used in URLs. */
    id: varchar('id', { length: 64 }).primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the file is for, e.g. 'avatar'; decides who may read it. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    storageKey: varchar('storage_key', { length: 256 }).notNull(),
    contentType: varchar('content_type', { length: 128 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);
