import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { catalogVersions } from './catalog';
import { users } from './users';

/**
 * A version's SBOM (issue 43): the bytes live in the file store under `storage_key`, exactly as
 * served (as given, except a CycloneDX SBOM whose top component lacked the file's SHA-512: the
 * portal wrote it in). One per version; replacing it replaces its components.
 */
export const catalogVersionSboms = pgTable('catalog_version_sboms', {
  versionId: integer('version_id')
    .primaryKey()
    .references(() => catalogVersions.id, { onDelete: 'cascade' }),
  /** 'cyclonedx' or 'spdx'. */
  format: varchar('format', { length: 16 }).notNull(),
  specVersion: varchar('spec_version', { length: 8 }).notNull(),
  fileName: varchar('file_name', { length: 300 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  storageKey: varchar('storage_key', { length: 256 }).notNull(),
  components: integer('components').notNull(),
  sha512Filled: boolean('sha512_filled').notNull().default(false),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The components of each SBOM, indexed for "which versions contain component X in versions Y"
 * (VEX triage). `version_key` is versionSortKey(version) (packages/contract/src/version-order.ts),
 * compared with collate "C" (migration 0035 declares the column so), so a range of component
 * versions is a range of one index. `purl_key` is the purl without version, qualifiers and
 * subpath, lower case (`pkg:generic/openssl`); `cpe_key` is the CPE's `vendor:product`, lower
 * case; `name_key` the name in lower case.
 */
export const catalogSbomComponents = pgTable(
  'catalog_sbom_components',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => catalogVersions.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    versionKey: text('version_key').notNull(),
    purl: text('purl'),
    purlKey: text('purl_key'),
    cpe: text('cpe'),
    cpeKey: text('cpe_key'),
    nameKey: text('name_key').notNull(),
    supplier: text('supplier').notNull().default(''),
    licences: text('licences').array().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.ordinal] }),
    index('catalog_sbom_components_purl_idx')
      .on(t.purlKey, t.versionKey)
      .where(sql`${t.purlKey} IS NOT NULL`),
    index('catalog_sbom_components_cpe_idx')
      .on(t.cpeKey, t.versionKey)
      .where(sql`${t.cpeKey} IS NOT NULL`),
    index('catalog_sbom_components_name_idx').on(t.nameKey, t.versionKey),
  ],
);
