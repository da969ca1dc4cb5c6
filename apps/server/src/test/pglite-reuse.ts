import type { PGlite } from '@electric-sql/pglite';

/**
 * Test apps on PGlite reuse an instance instead of loading the run's template anew (issue 41):
 * a load cost 0.3-0.5 s of CPU and every test then met a cold catalogue cache, the largest part
 * of the server tests' CPU. When a test app closes, its instance is put back in the template's
 * state: every table the test changed emptied and refilled from copies the template keeps in a
 * schema of its own, every sequence it moved set back. An instance whose schema changed meanwhile (a test that made a table,
 * a trigger or a function) or that was closed is never reused: a fresh one is loaded instead.
 */

/** The schema of the template's copies of its own rows (made once, when the template is built). */
const COPIES = 'test_template_rows';

const USER_TABLES = `
  select n.nspname as schema, c.relname as name,
    string_agg(quote_ident(a.attname), ', ' order by a.attnum) filter (where a.attgenerated = '') as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where c.relkind in ('r', 'p') and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema', '${COPIES}')
    and n.nspname not like 'pg\\_%'
  group by 1, 2
  order by 1, 2`;

/**
 * The shape of everything a test could change besides rows: schemas, relations (tables, indexes,
 * sequences, views), columns, constraints, triggers and functions.
 */
const SCHEMA_FINGERPRINT = `
  with user_namespaces as (
    select oid, nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'
  )
  select md5(string_agg(item, '|' order by item)) as fingerprint from (
    select 'n:' || nspname as item from user_namespaces
    union all
    select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text
    from pg_class c join user_namespaces n on n.oid = c.relnamespace
    union all
    select 'a:' || n.nspname || '.' || c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid join user_namespaces n on n.oid = c.relnamespace
    where a.attnum > 0 and not a.attisdropped
    union all
    select 'k:' || n.nspname || '.' || k.conname || ':' || k.contype::text || ':' || k.convalidated::text
    from pg_constraint k join user_namespaces n on n.oid = k.connamespace
    union all
    select 't:' || n.nspname || '.' || c.relname || '.' || t.tgname || ':' || t.tgenabled::text
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join user_namespaces n on n.oid = c.relnamespace
    where not t.tgisinternal
    union all
    select 'f:' || n.nspname || '.' || p.proname || ':' || md5(p.prosrc)
    from pg_proc p join user_namespaces n on n.oid = p.pronamespace
  ) items`;

type UserTable = { schema: string; name: string; columns: string };

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const tableName = (table: UserTable) => `${quoted(table.schema)}.${quoted(table.name)}`;
const copyName = (table: UserTable) => `${quoted(COPIES)}.${quoted(`${table.schema}.${table.name}`)}`;

/** Run on the template before it is dumped: a copy of each table's rows, in a schema of its own. */
export async function keepTemplateRows(client: PGlite): Promise<void> {
  await client.exec(`create schema ${quoted(COPIES)}`);
  for (const table of (await client.query<UserTable>(USER_TABLES)).rows) {
    await client.exec(`create table ${copyName(table)} as select ${table.columns} from ${tableName(table)}`);
  }
}

/** Undoes keepTemplateRows: a database copied from the template for good, never reset. */
export async function dropTemplateRows(client: PGlite): Promise<void> {
  await client.exec(`drop schema ${quoted(COPIES)} cascade`);
}

type SequenceValue = { name: string; value: string | null };

/** What a reset needs to know of the template, read once from an instance loaded from it. */
export type ResetPlan = {
  fingerprint: string;
  /** Each table, with the number of rows the template keeps in it. */
  tables: (UserTable & { rows: number })[];
  sequences: SequenceValue[];
};

const SEQUENCE_VALUES = `
  select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as value
  from pg_sequences where schemaname <> '${COPIES}'`;

/** How to put an instance loaded from the template back in the template's state (read from such an instance). */
export async function resetPlanOf(client: PGlite): Promise<ResetPlan> {
  const tables: ResetPlan['tables'] = [];
  for (const table of (await client.query<UserTable>(USER_TABLES)).rows) {
    const { rows } = await client.query<{ rows: number }>(
      `select count(*)::int as rows from ${copyName(table)}`,
    );
    tables.push({ ...table, rows: rows[0]?.rows ?? 0 });
  }
  const sequences = (await client.query<SequenceValue>(SEQUENCE_VALUES)).rows;
  return { fingerprint: await fingerprintOf(client), tables, sequences };
}

/**
 * The newest transaction id each instance had when it was last in the template's state: a row
 * written since (inserted, or a new version of an updated row) has a larger `xmin`.
 */
const cleanAsOf = new WeakMap<PGlite, string>();

/** Called on an instance just loaded from the template: every row it holds is the template's. */
export async function markTemplateState(client: PGlite): Promise<void> {
  cleanAsOf.set(client, await newestTransactionId(client));
}

async function newestTransactionId(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
  return rows[0]?.xid ?? '0';
}

/**
 * The tables a test changed: a row count other than the template's, or a row written since the
 * instance was last in the template's state (a deleted row shows in the count, an updated one as
 * a new row version). Emptying and refilling only these took a reset from 110-180 ms (every
 * table truncated: a new file for each table and index in PGlite's in-memory file system) to
 * a few milliseconds for a test that wrote to two or three tables.
 */
async function changedTables(client: PGlite, plan: ResetPlan, since: string): Promise<ResetPlan['tables']> {
  const checks = plan.tables.map(
    (table, index) =>
      `select ${index} as i where (select count(*) from ${tableName(table)}) <> ${table.rows}
         or exists (select from ${tableName(table)} where xmin::text::bigint > $1::bigint)`,
  );
  const { rows } = await client.query<{ i: number }>(checks.join('\nunion all\n'), [since]);
  return rows.map(({ i }) => plan.tables[i]).filter((table) => table !== undefined);
}

async function changedSequences(client: PGlite, plan: ResetPlan): Promise<SequenceValue[]> {
  const now = new Map(
    (await client.query<SequenceValue>(SEQUENCE_VALUES)).rows.map(({ name, value }) => [name, value]),
  );
  return plan.sequences.filter((sequence) => now.get(sequence.name) !== sequence.value);
}

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

/** Resets of each instance since its last clean-up, and the tables they emptied meanwhile. */
const sinceCleanUp = new WeakMap<PGlite, { resets: number; tables: Set<string> }>();
/**
 * Emptied tables keep their dead rows until vacuumed, and without a checkpoint an instance's
 * write-ahead log grows in memory up to max_wal_size (1 GB) across the tests it serves: every few
 * resets, the tables emptied since are vacuumed and a checkpoint recycles the log's segments.
 */
const RESETS_PER_CLEAN_UP = 10;

/** Puts the instance back in the template's state; false (and nothing done) when it cannot be. */
export async function resetToTemplate(client: PGlite, plan: ResetPlan): Promise<boolean> {
  const since = cleanAsOf.get(client);
  if (client.closed || since === undefined) return false;
  try {
    // A test that failed inside a transaction may have left it open.
    if (client.isInTransaction()) await client.exec('rollback');
    if ((await fingerprintOf(client)) !== plan.fingerprint) return false;
    const tables = await changedTables(client, plan, since);
    const sequences = await changedSequences(client, plan);
    await client.exec(
      [
        'begin',
        // Triggers and foreign keys are off while the template's own rows go back.
        'set local session_replication_role = replica',
        ...tables.flatMap((table) => [
          `delete from ${tableName(table)}`,
          `insert into ${tableName(table)} (${table.columns}) overriding system value select * from ${copyName(table)}`,
        ]),
        ...sequences.map((sequence) =>
          sequence.value === null
            ? `alter sequence ${sequence.name} restart`
            : `select setval('${sequence.name}', ${sequence.value})`,
        ),
        'commit',
      ].join(';\n'),
    );
    // The rows put back carry the reset's transaction id: the next test's rows come after it.
    cleanAsOf.set(client, await newestTransactionId(client));
    await cleanUpNowAndThen(client, tables);
    return true;
  } catch {
    return false;
  }
}

async function cleanUpNowAndThen(client: PGlite, emptied: ResetPlan['tables']): Promise<void> {
  const state = sinceCleanUp.get(client) ?? { resets: 0, tables: new Set<string>() };
  sinceCleanUp.set(client, state);
  state.resets += 1;
  for (const table of emptied) state.tables.add(tableName(table));
  if (state.resets < RESETS_PER_CLEAN_UP) return;
  if (state.tables.size > 0) await client.exec(`vacuum ${[...state.tables].join(', ')}`);
  await client.exec('checkpoint');
  sinceCleanUp.set(client, { resets: 0, tables: new Set() });
}
