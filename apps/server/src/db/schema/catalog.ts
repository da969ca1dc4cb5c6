import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from './columns';
import { sql } from 'drizzle-orm';
import type { VersionPrerequisite } from '@portal/contract';
import { serverModels } from './serials';
import { users } from './users';

/**
 * Everything customers download, one row per product line:
 * - server firmware: kind BMC, BIOS, PSU, DISK, NIC, CPLD, RAID (versions name the models they support);
 * - PCIE: PCIe card firmware (versions name the part numbers they support);
 * - LIVECD: LiveCD images;
 * - SOFTWARE (data-center management platform, Boot, CLI, Kits, uKits), PLUGIN, TOOL, DOCUMENT, ERP;
 * - CONFIG: BIOS/BMC configuration sets (JSON) per model family.
 * `section` groups software pages (e.g. 'platform', 'boot', 'cli', 'kits', 'ukits').
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    id: idColumn(),
    /** Stable slug used in URLs and tool links, e.g. 'm7-bmc', 'ims-platform'. */
    code: varchar('code', { length: 64 }).notNull().unique(),
    kind: varchar('kind', { length: 16 }).notNull(),
    section: varchar('section', { length: 32 }).notNull().default(''),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** 'public' (also signed out, overseas pages), 'signed_in', or 'restricted' (see catalog_item_grants). */
    visibility: varchar('visibility', { length: 16 }).notNull().default('signed_in'),
    sort: integer('sort').notNull().default(100),
    /**
     * Redfish SoftwareInventory `SoftwareId`s staff recorded for this item's firmware, so that
     * `fwportal audit` maps a BMC's inventory entry to this item's kind (GET /api/fleet/software-ids).
     */
    softwareIds: text('software_ids').array().notNull().default([]),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('catalog_items_kind_idx').on(t.kind, t.section, t.sort),
    // "Sort by name" walks items in name order and stops after a page.
    index('catalog_items_name_en_idx').on(t.nameEn, t.id),
    index('catalog_items_name_zh_idx').on(t.nameZh, t.id),
    // Keyword search on item names (ILIKE '%q%'): a trigram bitmap instead of case-folding every name.
    index('catalog_items_name_trgm_idx').using('gin', sql`name_zh gin_trgm_ops`, sql`name_en gin_trgm_ops`),
  ],
);

/**
 * Who may see a restricted item: grantType 'role' (role code), 'customer'
 * (the user's company, normalised), 'sn' (a verified bound SN) or 'model'
 * (a verified bound SN of that model code). Staff with firmware:publish and
 * super admins see everything.
 */
export const catalogItemGrants = pgTable(
  'catalog_item_grants',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    grantType: varchar('grant_type', { length: 16 }).notNull(),
    value: varchar('value', { length: 128 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.grantType, t.value] })],
);

/**
 * One downloadable version. A published version's bytes never change (a fix is a
 * new version); recalling keeps the row and its history but stops downloads.
 */
export const catalogVersions = pgTable(
  'catalog_versions',
  {
    id: idColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    version: varchar('version', { length: 64 }).notNull(),
    /** 'draft', 'published' or 'recalled'. */
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    releaseDate: date('release_date').notNull(),
    /** 'firmware', 'image', 'software', 'document', 'config'. */
    fileCategory: varchar('file_category', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    storageKey: varchar('storage_key', { length: 256 }).notNull(),
    contentType: varchar('content_type', { length: 128 }).notNull().default('application/octet-stream'),
    /** e.g. 'Linux', 'Windows', 'Any'. */
    os: varchar('os', { length: 64 }).notNull().default(''),
    /** e.g. 'x86_64', 'aarch64', 'Any'. */
    arch: varchar('arch', { length: 32 }).notNull().default(''),
    /** 'urgent', 'recommended' or 'optional' (Dell-style). */
    severity: varchar('severity', { length: 16 }).notNull().default('optional'),
    cves: text('cves').array().notNull().default([]),
    /** Rich-text release notes, sanitised on the server before storing. */
    notesHtmlZh: text('notes_html_zh').notNull().default(''),
    notesHtmlEn: text('notes_html_en').notNull().default(''),
    /** Security fixes stay downloadable for every signed-in user even when the item is restricted. */
    securityFix: boolean('security_fix').notNull().default(false),
    /**
     * Pre-release / early access: shown and downloadable like any version, but never chosen as
     * "the newest for this SN, PN or model" unless the user asks for pre-releases. Set from a
     * SemVer pre-release part when published, changed by staff.
     */
    preRelease: boolean('pre_release').notNull().default(false),
    /** Installing it restarts the server (or takes effect only after a restart). */
    rebootRequired: boolean('reboot_required').notNull().default(false),
    /** `{ component: 'BMC' | 'PCIE:<PN>', minVersion }[]`: what must run first (at most 8). */
    prerequisites: jsonb('prerequisites').$type<VersionPrerequisite[]>().notNull().default([]),
    /** The order a bundle applies it in (lower first); null: its kind's default (DEFAULT_INSTALL_ORDER). */
    installOrder: smallint('install_order'),
    downloadCount: bigint('download_count', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
    recallReason: text('recall_reason'),
  },
  (t) => [
    uniqueIndex('catalog_versions_item_version_idx').on(t.itemId, t.version),
    // Id and item too: a page in date order (ties by id) walks this index alone, however deep.
    index('catalog_versions_listing_idx').on(t.status, t.releaseDate, t.id, t.itemId),
    index('catalog_versions_item_idx').on(t.itemId, t.releaseDate),
    // An item's versions of one status by date (read backwards: newest first).
    index('catalog_versions_item_status_idx').on(t.itemId, t.status, t.releaseDate, t.id),
    // Bitmap scans of "the versions of these items" (keyword search by item name).
    index('catalog_versions_status_item_idx').on(t.status, t.itemId),
    // Catalogue search (substring of version, file name, CVE ids) and table sorts; the
    // functions and the pg_trgm extension are created by migration 0006.
    index('catalog_versions_search_idx').using(
      'gin',
      sql`catalog_version_search_text(version, file_name, cves) gin_trgm_ops`,
    ),
    index('catalog_versions_downloads_idx').on(t.status, t.downloadCount),
    index('catalog_versions_size_idx').on(t.status, t.fileSize),
    check(
      'catalog_versions_install_order_check',
      sql`${t.installOrder} IS NULL OR ${t.installOrder} BETWEEN 1 AND 999`,
    ),
  ],
);

/**
 * Per item and status: how many versions, and the newest one (release date, then id).
 * Kept by a trigger on catalog_versions (migration 0011), so list totals and "latest
 * per item" read a row per item instead of every version.
 */
export const catalogItemStats = pgTable(
  'catalog_item_stats',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).notNull(),
    versions: integer('versions').notNull().default(0),
    newestVersionId: integer('newest_version_id'),
    newestReleaseDate: date('newest_release_date'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.status] })],
);

/** Structured release notes: '1' NEW, '2' OPTIMIZE, '3' HOTFIX (same codes as the portal's own notes). */
export const catalogReleaseNotes = pgTable(
  'catalog_release_notes',
  {
    id: idColumn(),
    versionId: integer('version_id')
      .notNull()
      .references(() => catalogVersions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 1 }).notNull(),
    textZh: text('text_zh').notNull(),
    textEn: text('text_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('catalog_release_notes_version_idx').on(t.versionId)],
);

/** Server models a firmware version supports. */
export const catalogVersionModels = pgTable(
  'catalog_version_models',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => catalogVersions.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => serverModels.id, { onDelete: 'cascade' }),
    /**
     * The kind of the version's item, kept by the triggers of migration 0013 (writers leave it
     * out): the firmware page's model + kind filter then reads only the matching links from
     * one index instead of intersecting every version of the model with every one of the kind.
     */
    itemKind: varchar('item_kind', { length: 16 }).notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.modelId] }),
    index('catalog_version_models_model_kind_idx').on(t.modelId, t.itemKind, t.versionId),
  ],
);

/** PCIe part numbers a PCIe firmware version supports. */
export const catalogVersionParts = pgTable(
  'catalog_version_parts',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => catalogVersions.id, { onDelete: 'cascade' }),
    partNumber: varchar('part_number', { length: 64 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.partNumber] }),
    index('catalog_version_parts_pn_idx').on(t.partNumber),
  ],
);

/** Every download (also partial ones): who, what, how many bytes, from where. */
export const downloadRecords = pgTable(
  'download_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => catalogVersions.id, { onDelete: 'cascade' }),
    /** Bytes sent in this request (a resumed download is several records). */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** The Range header answered, e.g. 'bytes=100-', or '' for the whole file. */
    range: varchar('range', { length: 128 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    /** 'complete', 'partial' (client stopped early) or 'redirect' (sent to object storage). */
    status: varchar('status', { length: 16 }).notNull(),
    /**
     * This record is a download: it delivered the file's end, the first to do so for this user
     * (or address) and file within the counting window, and not a probe (DownloadService.write).
     */
    counted: boolean('counted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The id too: the personal center orders by (created_at, id), and records can share a time.
    index('download_records_user_idx').on(t.userId, t.createdAt, t.id),
    index('download_records_version_idx').on(t.versionId, t.createdAt),
    index('download_records_counted_idx')
      .on(t.createdAt)
      .where(sql`${t.counted}`),
  ],
);

/** How many download records each user has (kept by a trigger, migration 0011): the records tab's total. */
export const downloadRecordCounts = pgTable('download_record_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  records: bigint('records', { mode: 'number' }).notNull().default(0),
});

/** Keys the portal signs release manifests with (Ed25519); the newest active one signs. */
export const signingKeys = pgTable('signing_keys', {
  id: idColumn(),
  algorithm: varchar('algorithm', { length: 16 }).notNull().default('ed25519'),
  publicKeyPem: text('public_key_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** One row: bumped by triggers whenever what catalogue lists show changes (migration 0022). */
export const catalogVersion = pgTable('catalog_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
