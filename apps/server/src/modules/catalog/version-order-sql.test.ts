import { compareVersions, versionSortKey } from '@portal/contract';
import { randomVersion, seeded } from '@portal/contract/version-order.sample';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { DRIVERS, openMigratedTestDatabase } from '../../test/test-app';

/** Rows of a `select` on either driver (PGlite answers `{rows}`, node-postgres a result with rows). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(DRIVERS)('the SQL version order equals the JS one (%s)', (driver) => {
  let database: Database;
  const random = seeded(2026);
  const sample = [
    '4.0.0-rc1',
    '4.1.2',
    '1.0_1',
    '1.0.1',
    'V1.2.3',
    '5.02',
    '2024-05-01',
    '',
    ...Array.from({ length: 400 }, () => randomVersion(random)),
  ];

  beforeAll(async () => {
    database = await openMigratedTestDatabase(driver);
  }, 120_000);
  afterAll(() => database.close());

  it('computes the same key as versionSortKey for every sampled string', async () => {
    const result = await database.db.execute(
      sql`select v, catalog_version_key(v) as key from jsonb_array_elements_text(${JSON.stringify(sample)}::jsonb) as v`,
    );
    const sqlKeys = new Map(rowsOf<{ v: string; key: string }>(result).map((row) => [row.v, row.key]));
    for (const version of sample)
      expect(sqlKeys.get(version), JSON.stringify(version)).toBe(versionSortKey(version));
  });

  it('sorts the sample in the same order as compareVersions', async () => {
    const result = await database.db.execute(
      sql`select v from jsonb_array_elements_text(${JSON.stringify(sample)}::jsonb) as v
          order by catalog_version_key(v) collate "C", v collate "C"`,
    );
    expect(rowsOf<{ v: string }>(result).map((row) => row.v)).toEqual([...sample].sort(compareVersions));
  });
});
