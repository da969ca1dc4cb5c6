import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../test/partial-migrations';
import { DRIVERS } from '../test/test-app';
import type { Database } from './connection';
import { catalogItems, catalogVersions } from './schema';
import { rowsOf } from './raw-rows';

describe.each(DRIVERS)('migration 0031 (update plans) on %s', (driver) => {
  let database: Database;
  const migrateUpTo0030 = databaseBeforeMigration(driver, '0030_inventory', (opened) => {
    database = opened;
  });

  it('gives versions and items published before it no reboot, no prerequisite, the kind order and no SoftwareId', async () => {
    await migrateUpTo0030();
    await database.db.execute(
      sql`insert into catalog_items (code, kind, name_zh, name_en) values ('old-bios', 'BIOS', '旧 BIOS', 'Old BIOS')`,
    );
    await database.db.execute(sql`insert into catalog_versions
      (item_id, version, release_date, file_category, file_name, file_size, sha256, md5, storage_key)
      select id, '1.0', '2026-01-01', 'firmware', 'a.tar', 1, ${'0'.repeat(64)}, ${'0'.repeat(32)}, 'k'
      from catalog_items where code = 'old-bios'`);

    await database.migrate();

    const [item] = await database.db.select().from(catalogItems);
    expect(item!.softwareIds).toEqual([]);
    const [version] = await database.db.select().from(catalogVersions);
    expect(version).toMatchObject({ rebootRequired: false, prerequisites: [], installOrder: null });
    // The order is 1–999 in the database too.
    await expect(database.db.execute(sql`update catalog_versions set install_order = 0`)).rejects.toThrow();
    await database.db.execute(sql`update catalog_versions set install_order = 999`);
    const rows = await rowsOf<{ install_order: number }>(
      database.db,
      sql`select install_order from catalog_versions`,
    );
    expect(Number(rows[0]!.install_order)).toBe(999);
  });
});
