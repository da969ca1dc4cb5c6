import { eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../test/partial-migrations';
import { DRIVERS } from '../test/test-app';
import type { Database } from './connection';
import { menus, permissions, roleMenus, rolePermissions, roles } from './schema';
import { seedDatabase } from './seed/seed';

const PSIRT_PATHS = ['/system/psirt', '/system/psirt-reports'];

/** Who holds the PSIRT permission and pages (with the system parent), as "role thing" lines. */
async function holders(database: Database) {
  const pages = await database.db
    .select({ path: menus.path, role: roles.code, parent: menus.pid })
    .from(menus)
    .leftJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .leftJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(or(inArray(menus.path, PSIRT_PATHS), eq(menus.path, '/system')));
  const [system] = await database.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/system'));
  const granted = await database.db
    .select({ role: roles.code, code: rolePermissions.permissionCode })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(rolePermissions.permissionCode, 'psirt:manage'));
  return [
    ...pages.map((row) => `${row.role} ${row.path} ${row.path === '/system' || row.parent === system?.id}`),
    ...granted.map((row) => `${row.role} ${row.code}`),
  ].sort();
}

describe.each(DRIVERS)('migration 0036 (PSIRT) on %s', (driver) => {
  let database: Database;
  const migrateUpTo0035 = databaseBeforeMigration(driver, '0035_sboms', (opened) => {
    database = opened;
  });

  it('gives a database seeded before it what a fresh seed has: the psirt role alone holds the PSIRT', async () => {
    await migrateUpTo0035();
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });
    const fresh = await holders(database);
    expect(fresh).toEqual([
      'psirt /system true',
      'psirt /system/psirt true',
      'psirt /system/psirt-reports true',
      'psirt psirt:manage',
      'staff /system true',
    ]);
    // The state a database seeded before 0036 was in.
    await database.db.delete(menus).where(inArray(menus.path, PSIRT_PATHS));
    await database.db.delete(roles).where(eq(roles.code, 'psirt'));
    await database.db.delete(permissions).where(eq(permissions.code, 'psirt:manage'));

    await database.migrate();

    expect(await holders(database)).toEqual(fresh);
  });
});
