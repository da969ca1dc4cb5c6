import { boolean, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  account: varchar('account', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  nickName: varchar('nick_name', { length: 64 }).notNull().default(''),
  name: varchar('name', { length: 64 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull().default(''),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  /** File id of the avatar image (files arrive with the account issue). */
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
