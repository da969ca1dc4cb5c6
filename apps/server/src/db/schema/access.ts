import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { users } from './users';

export const applications = pgTable('applications', {
  id: idColumn(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  nameZh: varchar('name_zh', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  sort: integer('sort').notNull().default(100),
  enabled: boolean('enabled').notNull().default(true),
});

/** Menu nodes per application, the server menu tree of spec section 3. */
export const menus = pgTable(
  'menus',
  {
    id: idColumn(),
    appCode: varchar('app_code', { length: 50 })
      .notNull()
      .references(() => applications.code, { onDelete: 'cascade' }),
    pid: integer('pid').notNull().default(0),
    name: varchar('name', { length: 100 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    component: varchar('component', { length: 200 }).notNull(),
    redirect: varchar('redirect', { length: 500 }),
    icon: varchar('icon', { length: 100 }),
    titleZh: varchar('title_zh', { length: 100 }).notNull(),
    titleEn: varchar('title_en', { length: 100 }).notNull(),
    show: boolean('show').notNull().default(true),
    hideChildren: boolean('hide_children').notNull().default(false),
    target: varchar('target', { length: 20 }),
    link: text('link'),
    sort: integer('sort').notNull().default(100),
    enabled: boolean('enabled').notNull().default(true),
  },
  // Two menus of one application on the same path would be two routes for one URL.
  (t) => [uniqueIndex('menus_app_path_idx').on(t.appCode, t.path)],
);

export const roles = pgTable('roles', {
  id: idColumn(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  nameZh: varchar('name_zh', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  descriptionZh: varchar('description_zh', { length: 500 }).notNull().default(''),
  descriptionEn: varchar('description_en', { length: 500 }).notNull().default(''),
  /** Seeded roles the portal relies on (registration gives `customer`): never deleted, code fixed. */
  builtIn: boolean('built_in').notNull().default(false),
});

/** Button permission codes (menus grant their own path-derived codes). */
export const permissions = pgTable('permissions', {
  code: varchar('code', { length: 100 }).primaryKey(),
  nameZh: varchar('name_zh', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionCode: varchar('permission_code', { length: 100 })
      .notNull()
      .references(() => permissions.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionCode] })],
);

export const dictTypes = pgTable('dict_types', {
  id: idColumn(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  nameZh: varchar('name_zh', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  sort: integer('sort').notNull().default(100),
});

export const dictValues = pgTable(
  'dict_values',
  {
    id: idColumn(),
    typeId: integer('type_id')
      .notNull()
      .references(() => dictTypes.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(100),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('dict_values_type_code_idx').on(t.typeId, t.code)],
);

/** One row: bumped by triggers whenever what users may reach changes (migration 0021). */
export const accessVersion = pgTable('access_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
