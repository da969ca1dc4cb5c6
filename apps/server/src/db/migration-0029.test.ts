import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration, withoutLaterRoles } from '../test/partial-migrations';
import { DRIVERS } from '../test/test-app';
import type { Database } from './connection';
import { menus, permissions, roleMenus, rolePermissions, roles } from './schema';
import { seedDatabase } from './seed/seed';

const PATHS = ['/security/advisories', '/system/advisories'];
const CODES = ['advisory:write', 'advisory:approve'];

/** The roles holding each of `paths`, by path. */
async function holders(database: Database, paths: string[]) {
  const rows = await database.db
    .select({ path: menus.path, role: roles.code, component: menus.component })
    .from(menus)
    .leftJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .leftJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(inArray(menus.path, paths));
  return rows.map((row) => `${row.path} ${row.component} ${row.role}`).sort();
}

describe.each(DRIVERS)('migration 0029 (advisories) on %s', (driver) => {
  let database: Database;
  const migrateUpTo0028 = databaseBeforeMigration(driver, '0028_webhook_circuits', (opened) => {
    database = opened;
  });

  it('gives a database seeded before advisories the menus and permissions a fresh seed has', async () => {
    await migrateUpTo0028();
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });
    const fresh = await holders(database, PATHS);
    expect(fresh).toEqual([
      '/security/advisories security/Advisories customer',
      '/security/advisories security/Advisories staff',
      '/system/advisories system/advisories staff',
    ]);
    // The database as seeded before advisories existed.
    await database.db.delete(menus).where(inArray(menus.path, PATHS));
    await database.db.delete(permissions).where(inArray(permissions.code, CODES));
    await withoutLaterRoles(database);

    await database.migrate();

    expect(await holders(database, PATHS)).toEqual(fresh);
    const [staff] = await database.db.select().from(roles).where(eq(roles.code, 'staff'));
    const granted = await database.db
      .select({ code: rolePermissions.permissionCode })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, staff!.id), inArray(rolePermissions.permissionCode, CODES)));
    expect(granted.map((row) => row.code).sort()).toEqual([...CODES].sort());
  });
});
