import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { serialNumbers, serverModels } from './serials';
import { users } from './users';

/**
 * What each server runs now, per component (`BMC`, `PCIE:<PN>[:<slot>]`), as last reported
 * (issue 34). A report dated before the one kept, or from another source with another version,
 * does not silently replace it: the other version is kept beside it (`other*`) and both are shown.
 */
export const installedComponents = pgTable(
  'installed_components',
  {
    sn: varchar('sn', { length: 64 })
      .notNull()
      .references(() => serialNumbers.sn, { onDelete: 'cascade' }),
    component: varchar('component', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    pn: varchar('pn', { length: 64 }),
    slot: varchar('slot', { length: 32 }),
    version: varchar('version', { length: 64 }).notNull(),
    /** 'upload', 'api' or 'audit' (shipping data stays in serial_numbers). */
    source: varchar('source', { length: 16 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    otherVersion: varchar('other_version', { length: 64 }),
    otherSource: varchar('other_source', { length: 16 }),
    otherSeenAt: timestamp('other_seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.sn, t.component] }),
    // The vendor's installed base per version of a kind.
    index('installed_components_kind_idx').on(t.kind, t.version),
  ],
);

/** Every report line ever taken, oldest first: the history behind installed_components. */
export const installedComponentReports = pgTable(
  'installed_component_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sn: varchar('sn', { length: 64 })
      .notNull()
      .references(() => serialNumbers.sn, { onDelete: 'cascade' }),
    component: varchar('component', { length: 100 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('installed_component_reports_sn_idx').on(t.sn, t.component, t.seenAt)],
);

/** A customer's pinned versions for one model (issue 34): compliance compares with them. */
export const fleetBaselines = pgTable(
  'fleet_baselines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => serverModels.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** Component (`BMC`, `PCIE:<PN>`) -> catalogue version id. */
    versions: jsonb('versions').$type<Record<string, number>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.modelId] })],
);

/**
 * Per server, a counter of changes to what decides its compliance state (reports, model, cards,
 * shipped versions), bumped by database triggers in the writer's transaction (migration 0033).
 */
export const fleetServerChanges = pgTable('fleet_server_changes', {
  sn: varchar('sn', { length: 64 })
    .primaryKey()
    .references(() => serialNumbers.sn, { onDelete: 'cascade', onUpdate: 'cascade' }),
  change: bigint('change', { mode: 'number' }).notNull(),
});

/**
 * "My servers" (issue 40): each server's state as one scope sees it ('u:<userId>' or
 * 'o:<organisationId>'), with the context hash and change counter it was computed from; a row
 * whose either differs from now's is stale and recomputed before a page is answered.
 */
export const fleetStates = pgTable(
  'fleet_states',
  {
    scope: varchar('scope', { length: 24 }).notNull(),
    sn: varchar('sn', { length: 64 })
      .notNull()
      .references(() => serialNumbers.sn, { onDelete: 'cascade', onUpdate: 'cascade' }),
    modelId: integer('model_id').notNull(),
    /** The worst state's index in COMPLIANCE_STATES (the page's order). */
    stateRank: smallint('state_rank').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    /** Newest report of any component, ms since the epoch (null: never reported). */
    lastReport: bigint('last_report', { mode: 'number' }),
    context: varchar('context', { length: 64 }).notNull(),
    change: bigint('change', { mode: 'number' }).notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.sn] }), index('fleet_states_sn_idx').on(t.sn)],
);

/** Per scope: the models and part numbers its stored states' context covers (only grows). */
export const fleetStateScopes = pgTable('fleet_state_scopes', {
  scope: varchar('scope', { length: 24 }).primaryKey(),
  modelIds: integer('model_ids').array().notNull(),
  pns: text('pns').array().notNull(),
});
