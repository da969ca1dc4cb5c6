import { statfs } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { Housekeeping } from '../lib/jobs/housekeeping';
import type { Database } from './connection';

export type VacuumedTable = {
  /** Schema-qualified and quoted as PostgreSQL quotes it. */
  table: string;
  /** `vacuum` reclaims dead rows and freezes old ones (and analyses); `analyze` only refreshes the planner's statistics. */
  action: 'vacuum' | 'analyze';
  deadRows: number;
};

export type VacuumRound = {
  done: VacuumedTable[];
  /** Tables whose vacuum failed: the round goes on with the next, and tries them again next time. */
  failed: { table: string; error: unknown }[];
  /** Tables left for a later round: the disk had less free than their vacuum may write (`roomNeeded`). */
  waitingForSpace: { table: string; freeBytes: number; neededBytes: number }[];
};

/**
 * Where the data folder's free space is read (statfs), when PGlite keeps one: the rounds leave a
 * table alone while its vacuum could take the last of the disk.
 */
export type VacuumRoom = { freeBytes: () => Promise<number> };

/**
 * The tables PostgreSQL's autovacuum would take now, the system catalogues included, by its
 * default thresholds: dead rows over 50 + 20% of the live ones (autovacuum_vacuum_*), rows
 * inserted since the last vacuum over 1,000 + 20% (autovacuum_vacuum_insert_*, which keeps the
 * visibility map current), rows changed since the last analyse over 50 + 10%
 * (autovacuum_analyze_*), and, whatever changed, a table whose oldest unfrozen transaction is
 * older than autovacuum_freeze_max_age (vacuuming it freezes its rows before transaction ids wrap
 * around). Partitioned parents (no rows of their own, no frozen id) and TOAST tables (vacuumed
 * with their table) are left out.
 */
const DUE_TABLES = `
  select "table", "reclaim", "deadRows" from (
    select format('%I.%I', s.schemaname, s.relname) as "table",
           (s.n_dead_tup > 50 + 0.2 * s.n_live_tup
              or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup
              or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::bigint) as "reclaim",
           s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup as "reanalyse",
           s.n_dead_tup::int as "deadRows"
      from pg_stat_all_tables s
      join pg_class c on c.oid = s.relid
     where c.relkind in ('r', 'm')
  ) due
   where "reclaim" or "reanalyse"
   order by "deadRows" desc`;

/**
 * What a table's vacuum may write at the most: after a checkpoint the first change to each page
 * logs the whole page, so up to the table with its indexes and TOAST (`bytes`; an analyse only
 * rewrites a few statistics rows), and the WAL it writes may need a new segment while the last
 * one fills: two segments. On a full disk PGlite fails a write that needs a new WAL segment and
 * then hangs the process (db/pglite-disk-full.test.ts); a vacuum is such a write (on a full
 * 64 MiB tmpfs, `VACUUM` after `pg_switch_wal()` never answered). The portal's own background
 * work must not be what hangs it: the table waits for a round with room.
 */
export function roomNeeded(table: { reclaim: boolean; bytes: number }, walSegmentBytes: number): number {
  return (table.reclaim ? table.bytes : 0) + 2 * walSegmentBytes;
}

async function walSegmentBytes(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ bytes: number }>(
    `select pg_size_bytes(current_setting('wal_segment_size'))::float8 as bytes`,
  );
  return rows[0]?.bytes ?? 16 * 1024 * 1024;
}

/** A table's size with its indexes and TOAST; `table` as DUE_TABLES quotes it. */
async function relationBytes(client: PGlite, table: string): Promise<number> {
  const { rows } = await client.query<{ bytes: number }>(
    'select pg_total_relation_size($1::regclass)::float8 as bytes',
    [table],
  );
  return rows[0]?.bytes ?? 0;
}

/** Free space of the filesystem that holds `dir`, for an unprivileged process (statfs's bavail). */
export function roomOf(dir: string): VacuumRoom {
  return {
    freeBytes: async () => {
      const { bavail, bsize } = await statfs(dir);
      return bavail * bsize;
    },
  };
}

/**
 * What autovacuum does on a PostgreSQL server, for the embedded PGlite, which has none: without
 * it every job the queue ever ran leaves its claimed and finished row versions behind, and each
 * idle poll of a queue with waiting retries visits all of them again (bench:queue-idle). Called
 * once a minute, autovacuum's own pace. PGlite has one connection, so requests wait while a table
 * is vacuumed: each vacuum is one table, and the busiest go first.
 */
export async function vacuumDueTables(client: PGlite, room?: VacuumRoom): Promise<VacuumRound> {
  // PGlite hands its counters to pg_stat_* at most once a second: the changes of the last second
  // count too, and none are added after a vacuum that would have reset them.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ table: string; reclaim: boolean; deadRows: number }>(DUE_TABLES);
  const round: VacuumRound = { done: [], failed: [], waitingForSpace: [] };
  const segmentBytes = room && rows.length > 0 ? await walSegmentBytes(client) : 0;
  for (const row of rows) {
    if (room) {
      const freeBytes = await room.freeBytes();
      // Sized here, for the tables a round takes only: sizing every table of the catalogue in
      // DUE_TABLES held PGlite 0.1-0.3 s a round (each size stats a relation's files).
      const bytes = row.reclaim ? await relationBytes(client, row.table) : 0;
      const neededBytes = roomNeeded({ reclaim: row.reclaim, bytes }, segmentBytes);
      if (freeBytes < neededBytes) {
        round.waitingForSpace.push({ table: row.table, freeBytes, neededBytes });
        continue;
      }
    }
    try {
      // VACUUM takes no parameters; the name comes from the catalogue, quoted by format('%I').
      await client.exec(`${row.reclaim ? 'vacuum (analyze)' : 'analyze'} ${row.table}`);
      round.done.push({
        table: row.table,
        action: row.reclaim ? 'vacuum' : 'analyze',
        deadRows: row.deadRows,
      });
    } catch (error) {
      round.failed.push({ table: row.table, error });
    }
  }
  return round;
}

/** A round this long (its vacuums, and the requests it waited behind) is worth a line at info level. */
const SLOW_ROUND_MS = 1_000;

/**
 * The rounds of `vacuumDue` in a process on PGlite, once a minute (autovacuum_naptime's
 * default), the first a minute after the start; null on PostgreSQL. Tables left for want of
 * disk space are logged once when that starts (warn) and once when every due table fits again
 * (info), not every minute of a full disk.
 */
export function pgliteVacuumRounds(database: Database, log: FastifyBaseLogger): Housekeeping | null {
  const vacuumDue = database.vacuumDue;
  if (!vacuumDue) return null;
  let short = false;
  return new Housekeeping(log, 60_000, async () => {
    const started = performance.now();
    const { done, failed, waitingForSpace } = await vacuumDue();
    const ms = Math.round(performance.now() - started);
    for (const { table, error } of failed) log.warn({ err: error, table }, 'PGlite table not vacuumed');
    if (waitingForSpace.length > 0 && !short)
      log.warn(
        { tables: waitingForSpace },
        'PGlite vacuum waits for disk space: tables left until there is room',
      );
    else if (waitingForSpace.length === 0 && short) log.info('PGlite vacuum has disk space again');
    short = waitingForSpace.length > 0;
    if (done.length > 0)
      log[ms >= SLOW_ROUND_MS ? 'info' : 'debug']({ tables: done, ms }, 'PGlite tables vacuumed');
  });
}
