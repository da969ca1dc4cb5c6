import { readFileSync } from 'node:fs';

import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../test/test-app';
import type { Database } from './connection';
import { menus, roleMenus, roles } from './schema';
import { seedDatabase } from './seed/seed';
import { ALL_MIGRATIONS, databaseBeforeMigration } from '../test/partial-migrations';

const MIGRATION_0024 = path.join(ALL_MIGRATIONS, '0024_automation_menus.sql');

const SECTION_PATHS = [
  '/account/settings/api-tokens',
  '/account/settings/feeds',
  '/account/settings/webhooks',
];
const SIBLING_PATHS = [
  '/account/settings/base',
  '/account/settings/security',
  '/account/settings/custom',
  '/account/settings/binding',
  '/account/settings/notification',
];

/** The account settings sections of the mirror application, in menu order. */
async function settingsSections(database: Database) {
  const [parent] = await database.db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.appCode, 'mirror'), eq(menus.path, '/account/settings')));
  if (!parent) throw new Error('no account settings menu');
  const children = await database.db
    .select({
      id: menus.id,
      name: menus.name,
      path: menus.path,
      component: menus.component,
      titleZh: menus.titleZh,
      titleEn: menus.titleEn,
      show: menus.show,
      sort: menus.sort,
    })
    .from(menus)
    .where(eq(menus.pid, parent.id))
    .orderBy(asc(menus.sort), asc(menus.id));
  return { parentId: parent.id, children };
}

/** The codes of the roles granted `menuId`, sorted. */
async function rolesHolding(database: Database, menuId: number): Promise<string[]> {
  const rows = await database.db
    .select({ code: roles.code })
    .from(roleMenus)
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(eq(roleMenus.menuId, menuId))
    .orderBy(asc(roles.code));
  return rows.map((row) => row.code);
}

const EXPECTED_SECTIONS = [
  {
    name: 'settings-apiTokens',
    path: '/account/settings/api-tokens',
    component: 'account/settings/apiTokens',
    titleZh: 'API 令牌',
    titleEn: 'API tokens',
    show: false,
  },
  {
    name: 'settings-feeds',
    path: '/account/settings/feeds',
    component: 'account/settings/feeds',
    titleZh: '订阅源',
    titleEn: 'Feeds',
    show: false,
  },
  {
    name: 'settings-webhooks',
    path: '/account/settings/webhooks',
    component: 'account/settings/webhooks',
    titleZh: 'Webhook',
    titleEn: 'Webhooks',
    show: false,
  },
];

describe.each(DRIVERS)('migration 0024 (automation menus) on %s', (driver) => {
  let database: Database;
  const migrateUpTo0023 = databaseBeforeMigration(driver, '0023_automation', (opened) => {
    database = opened;
  });

  it('adds the three sections, hidden, after their siblings, to every role holding the account settings', async () => {
    await migrateUpTo0023();
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });
    // The database as seeded before the sections existed.
    await database.db.delete(menus).where(inArray(menus.path, SECTION_PATHS));
    const before = await settingsSections(database);
    expect(before.children.map((child) => child.path)).toEqual(SIBLING_PATHS);
    const holdingParent = await rolesHolding(database, before.parentId);
    expect(holdingParent).toEqual(['customer', 'staff']);

    await database.migrate();

    const after = await settingsSections(database);
    expect(after.children.map((child) => child.path)).toEqual([...SIBLING_PATHS, ...SECTION_PATHS]);
    const added = after.children.slice(SIBLING_PATHS.length);
    expect(added.map(({ id: _id, sort: _sort, ...menu }) => menu)).toEqual(EXPECTED_SECTIONS);
    const lastSibling = after.children[SIBLING_PATHS.length - 1]?.sort ?? Infinity;
    expect(added.every((menu) => menu.sort > lastSibling)).toBe(true);
    for (const menu of added) expect(await rolesHolding(database, menu.id)).toEqual(holdingParent);
  });

  it('leaves a section that is already there alone, with the grants staff chose, and adds the missing ones once', async () => {
    await migrateUpTo0023();
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });
    await database.db.delete(menus).where(inArray(menus.path, SECTION_PATHS.slice(1)));
    const { children } = await settingsSections(database);
    const apiTokens = children.find((child) => child.path === SECTION_PATHS[0]);
    if (!apiTokens) throw new Error('no API tokens menu');
    // Staff took API tokens away from customers on purpose.
    const [customer] = await database.db.select().from(roles).where(eq(roles.code, 'customer'));
    await database.db
      .delete(roleMenus)
      .where(and(eq(roleMenus.menuId, apiTokens.id), eq(roleMenus.roleId, customer?.id ?? 0)));

    await database.migrate();
    // Applied again by hand: still nothing twice.
    for (const statement of readFileSync(MIGRATION_0024, 'utf8').split('--> statement-breakpoint'))
      await database.db.execute(sql.raw(statement));

    const after = await settingsSections(database);
    expect(after.children.map((child) => child.path)).toEqual([...SIBLING_PATHS, ...SECTION_PATHS]);
    expect(await rolesHolding(database, apiTokens.id)).toEqual(['staff']);
    for (const menu of after.children.slice(SIBLING_PATHS.length + 1))
      expect(await rolesHolding(database, menu.id)).toEqual(['customer', 'staff']);
  });

  it('does nothing on a fresh database, whose seed then creates each section exactly once', async () => {
    await database.migrate();
    expect(await database.db.select({ id: menus.id }).from(menus)).toEqual([]);
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });

    const everyPath = await database.db
      .select({ path: menus.path })
      .from(menus)
      .where(inArray(menus.path, SECTION_PATHS));
    expect(everyPath.map((menu) => menu.path).sort()).toEqual([...SECTION_PATHS].sort());
    const { children } = await settingsSections(database);
    const added = children.slice(SIBLING_PATHS.length);
    expect(added.map(({ id: _id, sort: _sort, ...menu }) => menu)).toEqual(EXPECTED_SECTIONS);
    for (const menu of added) expect(await rolesHolding(database, menu.id)).toEqual(['customer', 'staff']);
  });
});
