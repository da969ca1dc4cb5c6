import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn } from './columns';
import { users } from './users';

/** Server models (families M6, M7, A7 ...): firmware versions name the models they support. */
export const serverModels = pgTable('server_models', {
  id: idColumn(),
  /** e.g. 'M7-2U' */
  code: varchar('code', { length: 64 }).notNull().unique(),
  /** e.g. 'M7' */
  family: varchar('family', { length: 32 }).notNull(),
  nameZh: varchar('name_zh', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull(),
});

/** The vendor's record of every shipped server. */
export const serialNumbers = pgTable(
  'serial_numbers',
  {
    sn: varchar('sn', { length: 64 }).primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => serverModels.id),
    customerName: varchar('customer_name', { length: 128 }).notNull(),
    shipDate: date('ship_date'),
    maintenanceEnd: date('maintenance_end'),
    /** Part numbers of the PCIe cards installed at shipping. */
    pcieParts: text('pcie_parts').array().notNull().default([]),
    /**
     * Firmware installed at shipping (or last reported): kind (BMC, BIOS ...) or PCIe
     * part number -> version. Bundles show it as the "current" version they replace.
     */
    installedFirmware: jsonb('installed_firmware').$type<Record<string, string>>().notNull().default({}),
    /**
     * `customer_name` as `normaliseCompany` (COMPANY_PUNCTUATION) makes it, computed by PostgreSQL
     * (migration 0034): one organisation's shipped servers are an index range, not a regexp per row.
     */
    customerKey: text('customer_key').generatedAlwaysAs(
      sql`lower(regexp_replace("customer_name", '[[:space:].,()（）·_''"-]+', '', 'g'))`,
    ),
  },
  (t) => [
    index('serial_numbers_model_idx').on(t.modelId),
    index('serial_numbers_customer_key_idx').on(t.customerKey, t.sn),
  ],
);

/** Serial numbers a user bound to the account; 'verified' ones unlock restricted firmware. */
export const userSerials = pgTable(
  'user_serials',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sn: varchar('sn', { length: 64 })
      .notNull()
      .references(() => serialNumbers.sn, { onDelete: 'cascade' }),
    /** 'verified' or 'pending' (waits for the vendor's support). */
    state: varchar('state', { length: 16 }).notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sn] }), index('user_serials_sn_idx').on(t.sn)],
);
