import type { AdvisoryInput, AdvisorySnapshot } from '@portal/contract';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { users } from './users';

/**
 * Security advisories (issue 33): the working copy staff edit. Approving it freezes the copy into
 * an advisory_revisions row; customers only ever read revisions, never this table's `input`.
 */
export const advisories = pgTable('advisories', {
  id: idColumn(),
  /** `<PREFIX>-YYYY-NNNN`, given at creation and never changed (CSAF tracking.id). */
  advisoryId: varchar('advisory_id', { length: 40 }).notNull().unique(),
  /** 'draft', 'in_review' or 'approved'. */
  status: varchar('status', { length: 16 }).notNull().default('draft'),
  input: jsonb('input').$type<AdvisoryInput>().notNull(),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  /** Who changed the working copy last: the one person who may not approve it. */
  lastEditorId: integer('last_editor_id').references(() => users.id, { onDelete: 'set null' }),
  /** Everyone who changed the copy since its last approval: none of them may approve it. */
  editors: integer('editors').array().notNull().default([]),
  reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
  rejectComment: text('reject_comment'),
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One approved revision: what it says (resolved names, computed scores), when it becomes visible,
 * and columns copied out of the snapshot so lists filter without reading JSON. A revision whose
 * `visibleFrom` is still ahead is under embargo: nothing reads it but staff.
 */
export const advisoryRevisions = pgTable(
  'advisory_revisions',
  {
    id: idColumn(),
    advisoryPk: integer('advisory_pk')
      .notNull()
      .references(() => advisories.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    visibleFrom: timestamp('visible_from', { withTimezone: true }).notNull(),
    summary: text('summary').notNull(),
    snapshot: jsonb('snapshot').$type<AdvisorySnapshot>().notNull(),
    tlp: varchar('tlp', { length: 8 }).notNull(),
    severity: varchar('severity', { length: 8 }).notNull(),
    baseScore: real('base_score').notNull(),
    cves: text('cves').array().notNull(),
    modelIds: integer('model_ids').array().notNull(),
    pns: text('pns').array().notNull(),
    fixedVersionIds: integer('fixed_version_ids').array().notNull(),
    /** Lower-cased id, titles and CVE ids of both languages: the keyword search. */
    searchText: text('search_text').notNull(),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    /** When its notices, webhooks and held versions went out (null: not yet). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('advisory_revisions_number_idx').on(t.advisoryPk, t.number),
    index('advisory_revisions_visible_idx').on(t.visibleFrom),
  ],
);

/**
 * The CSAF files of a revision, one per language, made and signed at approval: served byte for
 * byte (the hashes and the signature are over these bytes), never rebuilt.
 */
export const advisoryDocuments = pgTable(
  'advisory_documents',
  {
    revisionId: integer('revision_id')
      .notNull()
      .references(() => advisoryRevisions.id, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 8 }).notNull(),
    fileName: varchar('file_name', { length: 120 }).notNull(),
    body: text('body').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    sha512: varchar('sha512', { length: 128 }).notNull(),
    signature: text('signature').notNull(),
    keyFingerprint: varchar('key_fingerprint', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.locale] })],
);
