import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from './columns';
import { serialNumbers } from './serials';
import { users } from './users';

/**
 * A contract: which customer may license which product (and version range) on which servers,
 * for how many nodes, with maintenance until when. `remainingNodes` only ever drops through a
 * guarded UPDATE, so concurrent activations can never issue more than `authorisedNodes`.
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: idColumn(),
    contractNo: varchar('contract_no', { length: 64 }).notNull().unique(),
    customerName: varchar('customer_name', { length: 128 }).notNull(),
    /** Catalogue item code of the product (e.g. the management platform). */
    product: varchar('product', { length: 64 }).notNull(),
    /** Inclusive version range ('' = open), compared in natural order. */
    versionFrom: varchar('version_from', { length: 64 }).notNull().default(''),
    versionTo: varchar('version_to', { length: 64 }).notNull().default(''),
    authorisedNodes: integer('authorised_nodes').notNull(),
    remainingNodes: integer('remaining_nodes').notNull(),
    maintenanceEnd: date('maintenance_end').notNull(),
    /** A trial entitlement issues time-limited licences of `trialDays` days. */
    trial: boolean('trial').notNull().default(false),
    trialDays: integer('trial_days').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check(
      'entitlements_nodes_check',
      sql`${t.remainingNodes} >= 0 and ${t.remainingNodes} <= ${t.authorisedNodes}`,
    ),
    index('entitlements_customer_idx').on(t.customerName),
  ],
);

/** The servers an entitlement covers. */
export const entitlementSerials = pgTable(
  'entitlement_serials',
  {
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    sn: varchar('sn', { length: 64 })
      .notNull()
      .references(() => serialNumbers.sn),
  },
  (t) => [primaryKey({ columns: [t.entitlementId, t.sn] }), index('entitlement_serials_sn_idx').on(t.sn)],
);

/** Every activation code issued (spec section 3's activation request plus the signed licence). */
export const activations = pgTable(
  'activations',
  {
    id: idColumn(),
    licenceId: uuid('licence_id').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id),
    sn: varchar('sn', { length: 64 }).notNull(),
    machineCode: varchar('machine_code', { length: 128 }).notNull(),
    /**
     * Nodes of the customer's cluster as a second form field told us, before issue 18 §3 made it
     * one field; since then the same as `nodes`. Kept for the rows written before.
     */
    clusterNodes: integer('cluster_nodes').notNull(),
    /** Nodes licensed by this code (the application quantity), taken from the entitlement. */
    nodes: integer('nodes').notNull(),
    product: varchar('product', { length: 64 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    customerName: varchar('customer_name', { length: 128 }).notNull(),
    contacts: varchar('contacts', { length: 64 }).notNull(),
    contactInfo: varchar('contact_info', { length: 128 }).notNull(),
    trial: boolean('trial').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    licence: text('licence').notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('activations_user_idx').on(t.userId, t.createdAt),
    index('activations_entitlement_idx').on(t.entitlementId),
    // One trial per machine and product, however many trial entitlements exist.
    uniqueIndex('activations_trial_machine_idx')
      .on(t.product, t.machineCode)
      .where(sql`${t.trial}`),
  ],
);
