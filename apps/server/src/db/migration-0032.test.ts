import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration, withoutLaterRoles } from '../test/partial-migrations';
import { DRIVERS } from '../test/test-app';
import type { Database } from './connection';
import { menus, roleMenus, roles } from './schema';
import { seedDatabase } from './seed/seed';

/** Who holds the staff's Customer fleets page, with its parent and component. */
async function holders(database: Database) {
  const rows = await database.db
    .select({ path: menus.path, pid: menus.pid, role: roles.code, component: menus.component })
    .from(menus)
    .leftJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .leftJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(inArray(menus.path, ['/system/fleet']));
  const [system] = await database.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/system'));
  return rows.map((row) => `${row.path} ${row.component} ${row.pid === system?.id} ${row.role}`).sort();
}

describe.each(DRIVERS)('migration 0032 (customer fleets for staff) on %s', (driver) => {
  let database: Database;
  const migrateUpTo0031 = databaseBeforeMigration(driver, '0031_update_plan', (opened) => {
    database = opened;
  });

  it('gives a database seeded before it the page a fresh seed has, under System management', async () => {
    await migrateUpTo0031();
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });
    const fresh = await holders(database);
    expect(fresh).toEqual(['/system/fleet system/fleet true staff']);
    await database.db.delete(menus).where(eq(menus.path, '/system/fleet'));
    await withoutLaterRoles(database);

    await database.migrate();

    expect(await holders(database)).toEqual(fresh);
  });
});
