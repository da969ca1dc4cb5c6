import {
  COMPLIANCE_STATES,
  type ComplianceState,
  type FleetQuery,
  type ServerCompliance,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import {
  decodeReports,
  type FleetScope,
  type PlainReport,
  type ScopeServer,
  scopeSerials,
} from './fleet-scope.repository';

/**
 * Stored states of "My servers" (issue 40, migration 0033): the SQL side of `ComplianceService.page`.
 * A row of fleet_states holds one server's worst state and counts as one scope sees it, with what
 * it was computed from: the scope's context hash and the server's change counter (bumped by
 * triggers whenever its reports, model, cards or shipped versions change). The page's one query
 * answers the rows, the summary and which servers are stale; the service recomputes only those.
 */

const SLICE = 5000;

export const scopeKeyOf = (scope: FleetScope) =>
  'userId' in scope ? `u:${scope.userId}` : `o:${scope.organisationId}`;

/** A computation's order (a database sequence: across processes) and the scope's models and cards. */
export async function scopeState(db: Db, scopeKey: string) {
  const [row] = await rowsOf<{
    generation: string | number;
    modelIds: number[] | null;
    pns: string[] | null;
  }>(
    db,
    sql`select nextval('fleet_state_generation') as generation,
               (select model_ids from fleet_state_scopes where scope = ${scopeKey}) as "modelIds",
               (select pns from fleet_state_scopes where scope = ${scopeKey}) as pns`,
  );
  return {
    generation: Number(row!.generation),
    modelIds: (row!.modelIds ?? []).map(Number),
    pns: row!.pns ?? [],
  };
}

/** Adds models and cards to the scope's context (whichever process adds, the union stays). */
export async function widenScope(db: Db, scopeKey: string, modelIds: number[], pns: string[]) {
  await db.execute(sql`
    insert into fleet_state_scopes (scope, model_ids, pns)
    values (${scopeKey}, ${sql.param(modelIds)}::int[], ${sql.param(pns)}::text[])
    on conflict (scope) do update set
      model_ids = array(select distinct unnest(fleet_state_scopes.model_ids || excluded.model_ids) order by 1),
      pns = array(select distinct unnest(fleet_state_scopes.pns || excluded.pns) order by 1)`);
}

/** A stale server's inputs, read with its change counter in one statement (one snapshot). */
export type StaleServer = Omit<ScopeServer, 'sn' | 'modelCode'> & {
  sn: string;
  modelCode: string;
  reported: PlainReport[];
  lastReport: number | null;
  change: number;
};

export async function staleInputs(db: Db, sns: string[]): Promise<StaleServer[]> {
  const field = (column: SQL) => sql`coalesce(char_length(${column}) || ':' || ${column}, '-:')`;
  const servers: StaleServer[] = [];
  for (let start = 0; start < sns.length; start += SLICE) {
    const rows = await rowsOf<{
      sn: string;
      modelId: number | string;
      pcieParts: string[] | null;
      shipped: Record<string, string> | null;
      change: number | string;
      reported: string | null;
      seen: number | string | null;
    }>(
      db,
      sql`
      select s.sn, s.model_id as "modelId", s.pcie_parts as "pcieParts", s.installed_firmware as "shipped",
             coalesce(c.change, 0) as change, r.reported, r.seen
      from serial_numbers s
      left join fleet_server_changes c on c.sn = s.sn
      left join lateral (
        select string_agg(${field(sql`ic.component`)} || ${field(sql`ic.kind`)} || ${field(sql`ic.pn`)}
                          || ${field(sql`ic.slot`)} || ${field(sql`ic.version`)}, '' order by ic.component) as reported,
               floor(extract(epoch from max(ic.seen_at)) * 1000)::float8 as seen
        from installed_components ic where ic.sn = s.sn
      ) r on true
      where s.sn = any(${sql.param(sns.slice(start, start + SLICE))}::text[])`,
    );
    for (const row of rows)
      servers.push({
        sn: row.sn,
        modelId: Number(row.modelId),
        modelCode: '',
        pcieParts: row.pcieParts ?? [],
        shipped: row.shipped ?? {},
        reported: decodeReports(row.reported ?? ''),
        lastReport: row.seen === null ? null : Number(row.seen),
        change: Number(row.change),
      });
  }
  return servers;
}

/** Of `sns`, those the scope holds a stored state for (whatever its freshness). */
export async function storedSerials(db: Db, scopeKey: string, sns: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < sns.length; start += SLICE) {
    const rows = await rowsOf<{ sn: string }>(
      db,
      sql`select sn from fleet_states
          where scope = ${scopeKey} and sn = any(${sql.param(sns.slice(start, start + SLICE))}::text[])`,
    );
    found.push(...rows.map((row) => row.sn));
  }
  return found;
}

/** Stores computed states; a row written by a later computation (higher generation) is kept. */
export async function storeStates(
  db: Db,
  scopeKey: string,
  context: string,
  generation: number,
  states: (StaleServer & { state: ComplianceState; counts: Record<ComplianceState, number> })[],
) {
  for (let start = 0; start < states.length; start += SLICE) {
    const part = states.slice(start, start + SLICE);
    await db.execute(sql`
      insert into fleet_states (scope, sn, model_id, state_rank, counts, last_report, context, change, generation)
      select ${scopeKey}, u.sn, u.model_id, u.state_rank, u.counts::jsonb, u.last_report, ${context}, u.change, ${generation}::bigint
      from unnest(${sql.param(part.map((row) => row.sn))}::text[], ${sql.param(part.map((row) => row.modelId))}::int[],
                  ${sql.param(part.map((row) => COMPLIANCE_STATES.indexOf(row.state)))}::int[],
                  ${sql.param(part.map((row) => JSON.stringify(row.counts)))}::text[],
                  ${sql.param(part.map((row) => row.lastReport))}::bigint[],
                  ${sql.param(part.map((row) => row.change))}::bigint[])
        as u(sn, model_id, state_rank, counts, last_report, change)
      on conflict (scope, sn) do update set
        model_id = excluded.model_id, state_rank = excluded.state_rank, counts = excluded.counts,
        last_report = excluded.last_report, context = excluded.context, change = excluded.change,
        generation = excluded.generation
      where fleet_states.generation <= excluded.generation`);
  }
}

/** What the page's query answers: the page, the summary, the filtered total, and the stale servers. */
export type StoredPage = {
  rows: ServerCompliance[];
  totalRows: number;
  summary: Record<ComplianceState, number>;
  stale: string[];
};

/**
 * One statement over the scope's servers (read now, by the ownership rule) joined with their
 * stored states: the servers whose state is missing or stale (another context, or their change
 * counter moved), the summary per worst state over all, the filtered count, and the asked page
 * sorted as before (code-unit order of SNs and model codes: COLLATE "C").
 */
export async function storedPage(
  db: Db,
  scope: FleetScope,
  context: string,
  query: FleetQuery,
): Promise<StoredPage> {
  const filters: SQL[] = [sql`f.state_rank is not null`];
  if (query.state) filters.push(sql`f.state_rank = ${COMPLIANCE_STATES.indexOf(query.state)}`);
  if (query.model) filters.push(sql`m.code = ${query.model}`);
  if (query.sn) filters.push(sql`strpos(o.sn, ${query.sn}) > 0`);
  const matching = sql.join(filters, sql` and `);
  const direction = sql.raw(query.sortOrder === 'descend' ? 'desc' : 'asc');
  const nulls = sql.raw(query.sortOrder === 'descend' ? 'nulls last' : 'nulls first');
  const sn = sql`sn collate "C" ${direction}`;
  const field = query.sortField ?? 'state';
  const order =
    field === 'sn'
      ? sn
      : field === 'model'
        ? sql`code collate "C" ${direction}, ${sn}`
        : field === 'lastReport'
          ? sql`last_report ${direction} ${nulls}, ${sn}`
          : sql`state_rank ${direction}, ${sn}`;
  const scopeKey = scopeKeyOf(scope);
  const statement = (prefix: SQL) => sql`${prefix}
    with owned as (${scopeSerials(scope)}),
    cur as (
      select o.sn, f.state_rank, f.last_report, m.code,
             (f.sn is null or f.context <> ${context} or f.change <> coalesce(c.change, 0)) as stale,
             (${matching}) as matching
      from owned o
      left join fleet_states f on f.scope = ${scopeKey} and f.sn = o.sn
      left join fleet_server_changes c on c.sn = o.sn
      left join server_models m on m.id = f.model_id
    ),
    totals as (
      select array_agg(sn) filter (where stale) as stale, count(*) filter (where matching) as total,
             array[${sql.join(
               COMPLIANCE_STATES.map((_, rank) => sql`count(*) filter (where state_rank = ${rank})`),
               sql`, `,
             )}] as summary
      from cur
    )
    select t.stale, t.summary, t.total,
      (select json_agg(json_build_object('sn', p.sn, 'model', p.code, 'rank', p.state_rank,
                                         'lastReport', p.last_report,
                                         'counts', (select fs.counts from fleet_states fs where fs.scope = ${scopeKey} and fs.sn = p.sn)))
       from (select sn, code, state_rank, last_report from cur where matching
             order by ${order}
             limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}) p) as rows
    from totals t`;
  const [answer] = await rowsOf<{
    stale: string[] | null;
    summary: (number | string)[] | null;
    total: number | string;
    rows:
      | {
          sn: string;
          model: string;
          rank: number;
          lastReport: number | string | null;
          counts: Record<string, number>;
        }[]
      | null;
  }>(db, statement(sql``));
  const summary = Object.fromEntries(COMPLIANCE_STATES.map((state) => [state, 0])) as Record<
    ComplianceState,
    number
  >;
  COMPLIANCE_STATES.forEach((state, rank) => (summary[state] = Number(answer?.summary?.[rank] ?? 0)));
  return {
    stale: answer?.stale ?? [],
    summary,
    totalRows: Number(answer?.total ?? 0),
    rows: (answer?.rows ?? []).map((row) => ({
      sn: row.sn,
      model: row.model,
      state: COMPLIANCE_STATES[Number(row.rank)]!,
      lastReport: row.lastReport === null ? null : new Date(Number(row.lastReport)).toISOString(),
      counts: Object.fromEntries(COMPLIANCE_STATES.map((state) => [state, row.counts[state] ?? 0])) as Record<
        ComplianceState,
        number
      >,
    })),
  };
}
