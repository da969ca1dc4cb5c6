import { readFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { permissions, rolePermissions, roles } from '../../db/schema';
import { seedDatabase } from '../../db/seed/seed';
import { DRIVERS, openTestDatabase } from '../../test/test-app';

const NEW_CODES = [
  'sysRole:add',
  'sysRole:edit',
  'sysRole:delete',
  'sysRole:grant',
  'sysMenu:add',
  'sysMenu:edit',
  'sysMenu:delete',
  'sysDict:add',
  'sysDict:edit',
  'sysDict:delete',
];

/** The statements of migration 0010 that write data (after its schema changes). */
const dataStatements = readFileSync(
  new URL('../../../drizzle/0010_roles_menus_dicts_admin.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => !/^(ALTER|CREATE)/.test(statement));

describe.each(DRIVERS)('migration 0010 on %s', (driver) => {
  let database: Database;
  beforeEach(async () => {
    database = await openTestDatabase(driver);
    await database.migrate();
  });
  afterEach(() => database.close());

  const staffCodes = async () => {
    const rows = await database.db
      .select({ code: rolePermissions.permissionCode })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(and(eq(roles.code, 'staff'), inArray(rolePermissions.permissionCode, NEW_CODES)));
    return rows.map((row) => row.code).sort();
  };

  it('brings a database seeded before it up to date: built-in roles, new permissions held by staff', async () => {
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });
    // The state a database seeded before 0010 was in.
    await database.db.delete(permissions).where(inArray(permissions.code, NEW_CODES));
    await database.db.update(roles).set({ builtIn: false });
    for (const statement of dataStatements) await database.db.execute(sql.raw(statement));
    expect(await staffCodes()).toEqual([...NEW_CODES].sort());
    const builtIn = await database.db.select().from(roles).where(eq(roles.builtIn, true));
    expect(builtIn.map((role) => role.code).sort()).toEqual(['customer', 'staff']);
    // Running it again changes nothing.
    for (const statement of dataStatements) await database.db.execute(sql.raw(statement));
    expect(await staffCodes()).toEqual([...NEW_CODES].sort());
  });

  it('leaves a fresh database to the seed, which gives the same result', async () => {
    expect(await database.db.select().from(permissions)).toEqual([]);
    await seedDatabase(database.db, { admin: 'Admin#Pass1', demo: 'Demo#Pass1' });
    expect(await staffCodes()).toEqual([...NEW_CODES].sort());
  });
});
