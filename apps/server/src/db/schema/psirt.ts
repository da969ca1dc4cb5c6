import { boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { advisories } from './advisories';
import { createdAtColumn, idColumn } from './columns';
import { serverModels } from './serials';
import { users } from './users';
import { EMAIL_MAX_LENGTH } from '@portal/contract';

/**
 * CRA Art. 14 reporting cases (issue 43 §3): an advisory whose vulnerability is actively
 * exploited, or a severe incident recorded on one, with the time the vendor became aware. The
 * deadlines are computed from these columns (`art14Clock` in the contract), never stored.
 */
export const art14Cases = pgTable('art14_cases', {
  id: idColumn(),
  advisoryPk: integer('advisory_pk')
    .notNull()
    .unique()
    .references(() => advisories.id, { onDelete: 'cascade' }),
  /** 'exploitedVulnerability' or 'severeIncident'. */
  kind: varchar('kind', { length: 32 }).notNull(),
  awareAt: timestamp('aware_at', { withTimezone: true }).notNull(),
  exploitNature: text('exploit_nature').notNull().default(''),
  correctiveMeasures: text('corrective_measures').notNull().default(''),
  memberStates: text('member_states').array().notNull().default([]),
  suspectedMalicious: boolean('suspected_malicious'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who recorded which report as submitted on ENISA's platform, when, under which reference. */
export const art14Submissions = pgTable(
  'art14_submissions',
  {
    id: idColumn(),
    caseId: integer('case_id')
      .notNull()
      .references(() => art14Cases.id, { onDelete: 'cascade' }),
    /** 'earlyWarning', 'notification' or 'finalReport'. */
    stage: varchar('stage', { length: 16 }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reference: varchar('reference', { length: 200 }).notNull(),
    note: text('note').notNull().default(''),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('art14_submissions_case_idx').on(t.caseId, t.stage)],
);

/**
 * One row per reminder mailed: the key holds the deadline it was for, so a moved deadline (the
 * awareness time corrected, a fix published) gets its own reminder, and two processes inserting
 * the same row at once send it once (the loser's insert does nothing).
 */
export const art14Reminders = pgTable(
  'art14_reminders',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => art14Cases.id, { onDelete: 'cascade' }),
    stage: varchar('stage', { length: 16 }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.stage, t.dueAt] })],
);

/**
 * Vulnerability reports from the public disclosure form (issue 43 §4): untrusted input, kept as
 * given (an encrypted body exactly as armoured) and shown as text only.
 */
export const psirtReports = pgTable(
  'psirt_reports',
  {
    id: idColumn(),
    /** The reporter's handle for the case (in the acknowledgement mail): `VR-` and 10 random characters. */
    reference: varchar('reference', { length: 16 }).notNull().unique(),
    reporterName: varchar('reporter_name', { length: 100 }).notNull(),
    reporterEmail: varchar('reporter_email', { length: EMAIL_MAX_LENGTH }).notNull(),
    product: varchar('product', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull(),
    /** Plain text, or an ASCII-armoured OpenPGP message when `encrypted`. */
    body: text('body').notNull(),
    encrypted: boolean('encrypted').notNull(),
    /** The language of the form: the acknowledgement mail is written in it. */
    locale: varchar('locale', { length: 8 }).notNull(),
    /** 'new', 'triage', 'confirmed', 'notApplicable', 'resolved'. */
    status: varchar('status', { length: 16 }).notNull().default('new'),
    staffNote: text('staff_note').notNull().default(''),
    advisoryPk: integer('advisory_pk').references(() => advisories.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('psirt_reports_status_idx').on(t.status, t.createdAt)],
);

/**
 * Each model's end of security support (issue 43 §4, CRA Art. 13(19)): month and year, set by
 * staff. A table of its own rather than a column of server_models, whose rows the seed writes.
 */
export const modelSupportPeriods = pgTable('model_support_periods', {
  modelId: integer('model_id')
    .primaryKey()
    .references(() => serverModels.id, { onDelete: 'cascade' }),
  /** `YYYY-MM`: security fixes are made through the end of that month (UTC). */
  securitySupportEnd: varchar('security_support_end', { length: 7 }).notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
