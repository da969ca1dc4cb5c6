import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from './columns';
import { EMAIL_MAX_LENGTH } from '@portal/contract';

/**
 * Customer organisations. A user belongs to one only through `users.organisation_id`,
 * which staff set (users admin, audited); the `company` a customer types is contact
 * information and grants nothing. SNs belong to the organisation whose normalised name
 * equals their `customer_name` (the vendor's shipping record).
 */
export const organisations = pgTable(
  'organisations',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull(),
    /** `normaliseCompany(name)`: what shipping records are matched against; unique. */
    normalisedName: varchar('normalised_name', { length: 128 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('organisations_normalised_name_idx').on(t.normalisedName)],
);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    account: varchar('account', { length: 64 }).notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickName: varchar('nick_name', { length: 64 }).notNull().default(''),
    name: varchar('name', { length: 64 }).notNull().default(''),
    email: varchar('email', { length: EMAIL_MAX_LENGTH }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    /** Contact information the user types; grants nothing (see `organisationId`). */
    company: varchar('company', { length: 128 }).notNull().default(''),
    /**
     * The customer organisation staff assigned the account to. Restricted firmware, SN
     * verification and entitlements follow this, never `company`.
     */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** A code of the industry dictionary. */
    industry: varchar('industry', { length: 64 }).notNull().default(''),
    /** Settings drawer values saved by the user (account settings, custom); null = client defaults. */
    preferences: jsonb('preferences'),
    /** Which notices the user receives, and how; null = DEFAULT_NOTIFICATION_SETTINGS. */
    notificationSettings: jsonb('notification_settings'),
    /** File id of the avatar image (table `files`). */
    avatar: text('avatar'),
    /** '1' super admin, '2' ordinary (console family convention). */
    adminType: varchar('admin_type', { length: 1 }).notNull().default('2'),
    /** '01' registered through the portal; account settings only show for those. */
    sourceType: varchar('source_type', { length: 2 }).notNull().default('01'),
    frozen: boolean('frozen').notNull().default(false),
    locale: varchar('locale', { length: 8 }).notNull().default('zh-CN'),
    activeApp: varchar('active_app', { length: 50 }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // 'Demo' and 'demo' are the same person to a reader, and one mailbox is one account.
    uniqueIndex('users_account_lower_idx').on(sql`lower(${t.account})`),
    uniqueIndex('users_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
  ],
);

export type UserRow = typeof users.$inferSelect;
