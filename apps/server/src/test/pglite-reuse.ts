import type { PGlite } from '@electric-sql/pglite';

/**
 * Test apps on PGlite reuse an instance instead of loading the run's template anew (issue 41):
 * a load cost 0.3-0.5 s of CPU and every test then met a cold catalogue cache, the largest part
 * of the server tests' CPU. When a test app closes, its instance is put back in the template's
 * state: every table emptied and refilled from copies the template keeps in a schema of its own,
 * every sequence set back. An instance whose schema changed meanwhile (a test that made a table,
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

export type ResetPlan = { fingerprint: string; sql: string };

/** How to put an instance loaded from the template back in the template's state (read from such an instance). */
export async function resetPlanOf(client: PGlite): Promise<ResetPlan> {
  const tables = (await client.query<UserTable>(USER_TABLES)).rows;
  const sequences = (
    await client.query<{ name: string; value: string | null }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as value
       from pg_sequences where schemaname <> '${COPIES}'`,
    )
  ).rows;
  const withRows: UserTable[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ any: boolean }>(
      `select exists (select from ${copyName(table)}) as any`,
    );
    if (rows[0]?.any) withRows.push(table);
  }
  const sql = [
    'begin',
    // Triggers and foreign keys are off while the template's own rows go back.
    'set local session_replication_role = replica',
    `truncate ${tables.map(tableName).join(', ')}`,
    ...withRows.map(
      (table) =>
        `insert into ${tableName(table)} (${table.columns}) overriding system value select * from ${copyName(table)}`,
    ),
    ...sequences.map((sequence) =>
      sequence.value === null
        ? `alter sequence ${sequence.name} restart`
        : `select setval('${sequence.name}', ${sequence.value})`,
    ),
    'commit',
  ].join(';\n');
  return { fingerprint: await fingerprintOf(client), sql };
}

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

/** Resets of each instance since its last checkpoint. */
const resetsSinceCheckpoint = new WeakMap<PGlite, number>();
/**
 * Without a checkpoint, an instance's write-ahead log grows in memory up to max_wal_size (1 GB)
 * across the tests it serves; one every few resets recycles its segments.
 */
const RESETS_PER_CHECKPOINT = 10;

/** Puts the instance back in the template's state; false (and nothing done) when it cannot be. */
export async function resetToTemplate(client: PGlite, plan: ResetPlan): Promise<boolean> {
  if (client.closed) return false;
  try {
    // A test that failed inside a transaction may have left it open.
    if (client.isInTransaction()) await client.exec('rollback');
    if ((await fingerprintOf(client)) !== plan.fingerprint) return false;
    await client.exec(plan.sql);
    const resets = (resetsSinceCheckpoint.get(client) ?? 0) + 1;
    resetsSinceCheckpoint.set(client, resets % RESETS_PER_CHECKPOINT);
    if (resets >= RESETS_PER_CHECKPOINT) await client.exec('checkpoint');
    return true;
  } catch {
    return false;
  }
}
