import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSmallDisk } from '../test/small-disk';
import { pgliteDatabase } from './connection';
import { roomNeeded, roomOf, vacuumDueTables } from './pglite-vacuum';

type TableStats = { deadRows: number; vacuums: number; analyses: number };

/** PGlite hands its counters to pg_stat_* at most once a second, unless told to now. */
const flushStats = (client: PGlite) => client.query('select pg_stat_force_next_flush()');

async function statsOf(client: PGlite, schema: string, table: string): Promise<TableStats> {
  await flushStats(client);
  const { rows } = await client.query<TableStats>(
    `select n_dead_tup::int as "deadRows", vacuum_count::int as vacuums, analyze_count::int as analyses
       from pg_stat_all_tables where schemaname = $1 and relname = $2`,
    [schema, table],
  );
  return rows[0]!;
}

/** A table of 10,000 rows, vacuumed and analysed, as autovacuum leaves a table it has just done. */
async function freshTable(client: PGlite, name: string): Promise<void> {
  await client.exec(`
    create table ${name} (id int primary key, v text);
    insert into ${name} select g, 'x' from generate_series(1, 10000) g;`);
  await flushStats(client);
  // VACUUM cannot share a statement string with others (that is one transaction).
  await client.exec(`vacuum (analyze) ${name}`);
  await flushStats(client);
}

/**
 * The round's work on the tables the tests made (the catalogues change as they make them), with
 * room to spare on the disk (so each table due for a vacuum is sized, odd names too).
 */
async function userTablesDone(client: PGlite) {
  const round = await vacuumDueTables(client, { freeBytes: async () => Number.MAX_SAFE_INTEGER });
  expect(round.failed).toEqual([]);
  expect(round.waitingForSpace).toEqual([]);
  return round.done.filter((table) => !table.table.startsWith('pg_catalog.'));
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

    // No flush of its own here: the round counts the changes of the last second itself.
    expect(await userTablesDone(client)).toEqual([
      { table: 'public.churned', action: 'vacuum', deadRows: 5000 },
    ]);

    expect(await statsOf(client, 'public', 'churned')).toEqual({ deadRows: 0, vacuums: 2, analyses: 2 });
    expect(await statsOf(client, 'public', 'quiet')).toEqual({ deadRows: 10, vacuums: 1, analyses: 1 });
    expect(await userTablesDone(client)).toEqual([]);
  });

  it('only analyses a table whose changes are over the analyse threshold but whose dead rows are not', async () => {
    await freshTable(client, 'drifted');
    // 1,500 changed rows: over 50 + 10% of 10,000 (analyse), under 50 + 20% (vacuum).
    await client.exec(`update drifted set v = 'y' where id <= 1500`);

    expect(await userTablesDone(client)).toEqual([
      { table: 'public.drifted', action: 'analyze', deadRows: 1500 },
    ]);
    expect(await statsOf(client, 'public', 'drifted')).toEqual({ deadRows: 1500, vacuums: 1, analyses: 2 });
  });

  it('vacuums a table that only grew, past the insert threshold (the visibility map and frozen rows)', async () => {
    await freshTable(client, 'appended');
    await client.exec(`insert into appended select g, 'x' from generate_series(10001, 14000) g`);

    expect(await userTablesDone(client)).toEqual([
      { table: 'public.appended', action: 'vacuum', deadRows: 0 },
    ]);
  });

  it('vacuums the system catalogues too: tables made and dropped leave dead rows in pg_class and pg_attribute', async () => {
    await client.exec(
      Array.from(
        { length: 100 },
        (_, i) => `create table scratch_${i} (a int, b int, c text); drop table scratch_${i};`,
      ).join('\n'),
    );

    const round = await vacuumDueTables(client);

    expect(round.failed).toEqual([]);
    expect(round.done.map((table) => table.table)).toEqual(
      expect.arrayContaining(['pg_catalog.pg_attribute', 'pg_catalog.pg_class']),
    );
    expect(await statsOf(client, 'pg_catalog', 'pg_attribute')).toMatchObject({ deadRows: 0 });
  });

  it('quotes names the catalogue holds, and takes a partitioned table’s partitions, not its parent', async () => {
    await client.exec(`
      create schema "odd-schema";
      create table "odd-schema"."Mixed Case; drop table quiet" (id int primary key, v text);
      insert into "odd-schema"."Mixed Case; drop table quiet" select g, 'x' from generate_series(1, 2000) g;
      create table parted (id int, v text) partition by range (id);
      create table parted_low partition of parted for values from (1) to (100001);
      insert into parted select g, 'x' from generate_series(1, 2000) g;`);

    const tables = (await userTablesDone(client)).map((t) => t.table).sort();

    // A partitioned parent has no frozen transaction id: taken by its age, it would be vacuumed,
    // and its partitions with it, every minute.
    expect(tables).toEqual(['"odd-schema"."Mixed Case; drop table quiet"', 'public.parted_low']);
    expect(await statsOf(client, 'odd-schema', 'Mixed Case; drop table quiet')).toMatchObject({ vacuums: 1 });
    expect(await statsOf(client, 'public', 'quiet')).toMatchObject({ vacuums: 1 });
  });

  it('leaves a due table for a later round while the disk has less free than its vacuum may write, and vacuums it once there is room', async () => {
    await freshTable(client, 'cramped');
    await freshTable(client, 'skimmed');
    await client.exec(
      `update cramped set v = 'y' where id <= 5000; update skimmed set v = 'y' where id <= 1500;`,
    );
    const { rows } = await client.query<{ cramped: number; segment: number }>(
      `select pg_total_relation_size('cramped')::float8 as cramped,
              pg_size_bytes(current_setting('wal_segment_size'))::float8 as segment`,
    );
    const { cramped, segment } = rows[0]!;
    // The whole table with its index (each page may be logged whole), and two WAL segments.
    const neededBytes = cramped + 2 * segment;
    expect(roomNeeded({ reclaim: true, bytes: cramped }, segment)).toBe(neededBytes);

    // Room for an analyse (two segments), not for the vacuum.
    const short = await vacuumDueTables(client, { freeBytes: async () => neededBytes - 1 });

    expect(short.waitingForSpace).toContainEqual({
      table: 'public.cramped',
      freeBytes: neededBytes - 1,
      neededBytes,
    });
    expect(short.done).toContainEqual({ table: 'public.skimmed', action: 'analyze', deadRows: 1500 });
    expect(await statsOf(client, 'public', 'cramped')).toEqual({ deadRows: 5000, vacuums: 1, analyses: 1 });

    const roomy = await vacuumDueTables(client, { freeBytes: async () => neededBytes });

    expect(roomy.waitingForSpace).toEqual([]);
    expect(roomy.done).toContainEqual({ table: 'public.cramped', action: 'vacuum', deadRows: 5000 });
    expect(await statsOf(client, 'public', 'cramped')).toEqual({ deadRows: 0, vacuums: 2, analyses: 2 });
  });

  it('reads the free space of its data folder’s disk (statfs): on a full one every due table waits, and is vacuumed once space is back', async () => {
    const disk = mountSmallDisk('64m');
    try {
      await freshTable(client, 'on_full_disk');
      await client.exec(`update on_full_disk set v = 'y' where id <= 5000`);
      // The portal's view of this instance, its data folder said to be on the small disk (the
      // instance itself stays in memory: a vacuum that ran would hang this process, not fail).
      const database = pgliteDatabase(client, disk.dir);
      disk.fill(64 * 1024);
      // tmpfs hands out whole pages: what is left is about what fill left.
      expect(await roomOf(disk.dir).freeBytes()).toBeLessThanOrEqual(64 * 1024);

      const round = await database.vacuumDue!();

      expect(round.done).toEqual([]);
      expect(round.waitingForSpace.map((table) => table.table)).toContain('public.on_full_disk');
      disk.free();
      expect((await database.vacuumDue!()).done).toContainEqual({
        table: 'public.on_full_disk',
        action: 'vacuum',
        deadRows: 5000,
      });
    } finally {
      disk.unmount();
    }
  });

  it('goes on with the next table when one fails, and reports the one that failed', async () => {
    // An index whose expression fails while the setting is on: ANALYZE evaluates it, so the
    // vacuum of that table fails, as one of a damaged table would.
    await client.exec(`
      create function fails_when_asked(n int) returns int immutable language plpgsql as $$
        begin
          if current_setting('test.fail', true) = 'on' then raise exception 'asked to fail'; end if;
          return n;
        end $$;`);
    await freshTable(client, 'breaks');
    await client.exec(`create index on breaks (fails_when_asked(id))`);
    await freshTable(client, 'healthy');
    await client.exec(
      `update breaks set v = 'y' where id <= 8000; update healthy set v = 'y' where id <= 5000;`,
    );
    await client.exec(`set test.fail = 'on'`);
    try {
      const round = await vacuumDueTables(client);

      // The one with more dead rows goes first, and fails.
      expect(round.failed).toEqual([
        { table: 'public.breaks', error: expect.objectContaining({ message: 'asked to fail' }) },
      ]);
      expect(round.done).toContainEqual({ table: 'public.healthy', action: 'vacuum', deadRows: 5000 });
    } finally {
      await client.exec(`reset test.fail`);
    }
  });

  it('after a restart, which PGlite keeps no counts across, the first changes make a table due, and its vacuum frees what was left before', async () => {
    await freshTable(client, 'restarted');
    await client.exec(`update restarted set v = 'y' where id <= 5000`);
    // A copy of the data folder as it is (PGlite's clean close keeps no counts either: checked by
    // hand with a folder on disk).
    const reopened = new PGlite({ loadDataDir: await client.dumpDataDir('none') });
    try {
      expect(await statsOf(reopened, 'public', 'restarted')).toMatchObject({ deadRows: 0 });
      await reopened.exec(`update restarted set v = 'z' where id <= 60`);
      const size = async () =>
        (await reopened.query<{ bytes: number }>(`select pg_relation_size('restarted')::int as bytes`))
          .rows[0]!.bytes;
      const before = await size();

      expect((await vacuumDueTables(reopened)).done).toContainEqual({
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
