import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from './columns';
import { users } from './users';

/** A user's notices (the header bell); later features post into it, e.g. when a task ends. */
export const notices = pgTable(
  'notices',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull().default('notice'),
    titleZh: varchar('title_zh', { length: 200 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }).notNull(),
    contentZh: text('content_zh').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    createdAt: createdAtColumn(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt)],
);

/** Versions of the portal itself, shown in the release-notes dialog. */
export const releaseNotes = pgTable('release_notes', {
  id: idColumn(),
  version: varchar('version', { length: 50 }).notNull().unique(),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
});

export const releaseNoteItems = pgTable('release_note_items', {
  id: idColumn(),
  releaseNoteId: integer('release_note_id')
    .notNull()
    .references(() => releaseNotes.id, { onDelete: 'cascade' }),
  /** '1' NEW, '2' OPTIMIZE, '3' HOTFIX */
  kind: varchar('kind', { length: 1 }).notNull(),
  textZh: text('text_zh').notNull(),
  textEn: text('text_en').notNull(),
  sort: integer('sort').notNull().default(100),
});
