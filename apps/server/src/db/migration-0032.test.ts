import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateWith, migrationsUpTo, withoutLaterRoles } from '../test/partial-migrations';
import { DRIVERS, openTestDatabase } from '../test/test-app';
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
  let upTo0031: ReturnType<typeof migrationsUpTo>;
  beforeEach(async () => {
    database = await openTestDatabase(driver);
    upTo0031 = migrationsUpTo('0031_update_plan');
  });
  afterEach(async () => {
    upTo0031.remove();
    await database.close();
  });

  it('gives a database seeded before it the page a fresh seed has, under System management', async () => {
    await migrateWith(database, upTo0031.folder);
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });
    const fresh = await holders(database);
    expect(fresh).toEqual(['/system/fleet system/fleet true staff']);
    await database.db.delete(menus).where(eq(menus.path, '/system/fleet'));
    await withoutLaterRoles(database);

    await database.migrate();

    expect(await holders(database)).toEqual(fresh);
  });
});
