import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vacuumDueTables } from './pglite-vacuum';

type TableStats = { deadRows: number; vacuums: number; analyses: number };

/** PGlite hands its counters to pg_stat_* at most once a second, unless told to now. */
async function statsOf(client: PGlite, schema: string, table: string): Promise<TableStats> {
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<TableStats>(
    `select n_dead_tup::int as "deadRows", vacuum_count::int as vacuums, analyze_count::int as analyses
       from pg_stat_user_tables where schemaname = $1 and relname = $2`,
    [schema, table],
  );
  return rows[0]!;
}

/** A table of 10,000 rows, vacuumed and analysed, as autovacuum leaves a table it has just done. */
async function freshTable(client: PGlite, name: string): Promise<void> {
  await client.exec(`
    create table ${name} (id int primary key, v text);
    insert into ${name} select g, 'x' from generate_series(1, 10000) g;`);
  await client.query('select pg_stat_force_next_flush()');
  // VACUUM cannot share a statement string with others (that is one transaction).
  await client.exec(`vacuum (analyze) ${name}`);
  await client.query('select pg_stat_force_next_flush()');
}

describe('vacuumDueTables: the embedded PGlite, which has no autovacuum', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
  });
  afterAll(async () => {
    await client.close();
  });

  it('vacuums a table whose dead rows are over autovacuum’s threshold, and leaves the others', async () => {
    await freshTable(client, 'churned');
    await freshTable(client, 'quiet');
    await client.exec(
      `update churned set v = 'y' where id <= 5000; update quiet set v = 'y' where id <= 10;`,
    );
    await client.query('select pg_stat_force_next_flush()');

    const done = await vacuumDueTables(client);

    expect(done).toEqual([{ table: 'public.churned', action: 'vacuum', deadRows: 5000 }]);
    expect(await statsOf(client, 'public', 'churned')).toEqual({ deadRows: 0, vacuums: 2, analyses: 2 });
    expect(await statsOf(client, 'public', 'quiet')).toEqual({ deadRows: 10, vacuums: 1, analyses: 1 });
    expect(await vacuumDueTables(client)).toEqual([]);
  });

  it('only analyses a table whose changes are over the analyse threshold but whose dead rows are not', async () => {
    await freshTable(client, 'drifted');
    // 1,500 changed rows: over 50 + 10% of 10,000 (analyse), under 50 + 20% (vacuum).
    await client.exec(`update drifted set v = 'y' where id <= 1500`);
    await client.query('select pg_stat_force_next_flush()');

    expect(await vacuumDueTables(client)).toEqual([
      { table: 'public.drifted', action: 'analyze', deadRows: 1500 },
    ]);
    expect(await statsOf(client, 'public', 'drifted')).toEqual({ deadRows: 1500, vacuums: 1, analyses: 2 });
  });

  it('vacuums a table that only grew, past the insert threshold (the visibility map and frozen rows)', async () => {
    await freshTable(client, 'appended');
    await client.exec(`insert into appended select g, 'x' from generate_series(10001, 14000) g`);
    await client.query('select pg_stat_force_next_flush()');

    expect(await vacuumDueTables(client)).toEqual([
      { table: 'public.appended', action: 'vacuum', deadRows: 0 },
    ]);
  });

  it('quotes names the catalogue holds, and takes a partitioned table’s partitions, not its parent', async () => {
    await client.exec(`
      create schema "odd-schema";
      create table "odd-schema"."Mixed Case; drop table quiet" (id int primary key, v text);
      insert into "odd-schema"."Mixed Case; drop table quiet" select g, 'x' from generate_series(1, 2000) g;
      create table parted (id int, v text) partition by range (id);
      create table parted_low partition of parted for values from (1) to (100001);
      insert into parted select g, 'x' from generate_series(1, 2000) g;`);
    await client.query('select pg_stat_force_next_flush()');

    const tables = (await vacuumDueTables(client)).map((t) => t.table).sort();

    expect(tables).toEqual(['"odd-schema"."Mixed Case; drop table quiet"', 'public.parted_low']);
    expect(await statsOf(client, 'odd-schema', 'Mixed Case; drop table quiet')).toMatchObject({ vacuums: 1 });
    expect(await statsOf(client, 'public', 'quiet')).toMatchObject({ vacuums: 1 });
  });

  it('after a restart, which PGlite keeps no counts across, the first changes make a table due, and its vacuum frees what was left before', async () => {
    await freshTable(client, 'restarted');
    await client.exec(`update restarted set v = 'y' where id <= 5000`);
    const reopened = new PGlite({ loadDataDir: await client.dumpDataDir('none') });
    try {
      expect(await statsOf(reopened, 'public', 'restarted')).toMatchObject({ deadRows: 0 });
      await reopened.exec(`update restarted set v = 'z' where id <= 60`);
      const size = async () =>
        (await reopened.query<{ bytes: number }>(`select pg_relation_size('restarted')::int as bytes`))
          .rows[0]!.bytes;
      const before = await size();

      expect(await vacuumDueTables(reopened)).toContainEqual({
        table: 'public.restarted',
        action: 'vacuum',
        deadRows: 60,
      });
      // The 5,000 row versions the update before the restart left are free again: as many new
      // rows fit in the table without it growing.
      await reopened.exec(`insert into restarted select g, 'n' from generate_series(10001, 15000) g`);
      expect(await size()).toBe(before);
    } finally {
      await reopened.close();
    }
  });
});
