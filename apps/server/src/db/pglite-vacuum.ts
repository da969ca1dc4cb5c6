import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { Housekeeping } from '../lib/jobs/housekeeping';
import type { Database } from './connection';

export type VacuumedTable = {
  /** Schema-qualified and quoted as PostgreSQL quotes it. */
  table: string;
  /** `vacuum` reclaims dead rows (and analyses); `analyze` only refreshes the planner's statistics. */
  action: 'vacuum' | 'analyze';
  deadRows: number;
};

/**
 * The tables PostgreSQL's autovacuum would take now, by its default thresholds: dead rows over
 * 50 + 20% of the live ones (autovacuum_vacuum_*), rows inserted since the last vacuum over
 * 1,000 + 20% (autovacuum_vacuum_insert_*, which keeps the visibility map current), and rows
 * changed since the last analyse over 50 + 10% (autovacuum_analyze_*). Partitioned parents are
 * left out: vacuuming one would go over the partitions a second time.
 */
const DUE_TABLES = `
  select format('%I.%I', s.schemaname, s.relname) as "table",
         (s.n_dead_tup > 50 + 0.2 * s.n_live_tup
            or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup) as "reclaim",
         s.n_dead_tup::int as "deadRows"
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
   where c.relkind = 'r'
     and (s.n_dead_tup > 50 + 0.2 * s.n_live_tup
          or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup
          or s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup)
   order by s.n_dead_tup desc`;

/**
 * What autovacuum does on a PostgreSQL server, for the embedded PGlite, which has none: without
 * it every job the queue ever ran leaves its claimed and finished row versions behind, and each
 * idle poll of a queue with waiting retries visits all of them again (bench:queue-idle). Called
 * once a minute, autovacuum's own pace. PGlite has one connection, so requests wait while a table
 * is vacuumed: each vacuum is one table, and the busiest go first.
 */
export async function vacuumDueTables(client: PGlite): Promise<VacuumedTable[]> {
  // PGlite hands its counters to pg_stat_* at most once a second: the changes of the last second
  // count too, and none are added after a vacuum that would have reset them.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ table: string; reclaim: boolean; deadRows: number }>(DUE_TABLES);
  const done: VacuumedTable[] = [];
  for (const row of rows) {
    // VACUUM takes no parameters; the name comes from the catalogue, quoted by format('%I').
    await client.exec(`${row.reclaim ? 'vacuum (analyze)' : 'analyze'} ${row.table}`);
    done.push({ table: row.table, action: row.reclaim ? 'vacuum' : 'analyze', deadRows: row.deadRows });
  }
  return done;
}

/** A vacuum that held PGlite's one connection this long is worth a line at info level. */
const SLOW_ROUND_MS = 1_000;

/**
 * The rounds of `vacuumDue` in a process on PGlite, once a minute (autovacuum_naptime's
 * default), the first a minute after the start; null on PostgreSQL.
 */
export function pgliteVacuumRounds(database: Database, log: FastifyBaseLogger): Housekeeping | null {
  const vacuumDue = database.vacuumDue;
  if (!vacuumDue) return null;
  return new Housekeeping(log, 60_000, async () => {
    const started = performance.now();
    const tables = await vacuumDue();
    if (tables.length === 0) return;
    const ms = Math.round(performance.now() - started);
    log[ms >= SLOW_ROUND_MS ? 'info' : 'debug']({ tables, ms }, 'PGlite tables vacuumed');
  });
}
