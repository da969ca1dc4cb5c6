import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';

/** What the installed base is asked for: a kind, optionally one model, one card, one CVE. */
export type Filter = { kind: string; model?: string; pn?: string; cve?: string };
/** Servers running one version of the kind (a card: of one part number), per model and customer. */
export type Group = {
  modelId: number;
  pn: string | null;
  version: string;
  customer: string;
  servers: number;
};

/** Distinct servers and customers, of every group or of these (one more scan, PCIe cards only). */
export async function distinctServers(db: Db, filter: Filter, only: Group[] | null) {
  const within = only
    ? sql`and (v.model_id, v.pn, v.version) in (${sql.join(
        only.map((group) => sql`(${group.modelId}::int, ${group.pn}::text, ${group.version}::text)`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await rowsOf<{ servers: string | number; customers: string | number }>(
    db,
    sql`select count(distinct v.sn) as servers, count(distinct v.customer) as customers
        from (${installed(filter)}) v where v.version is not null ${within}`,
  );
  return { servers: Number(row?.servers ?? 0), customers: Number(row?.customers ?? 0) };
}

/** Servers per (model, part number, version, customer): one scan of the shipped servers and their reports. */
export async function versionGroups(db: Db, filter: Filter): Promise<Group[]> {
  const rows = await rowsOf<{
    modelId: number;
    pn: string | null;
    version: string;
    customer: string;
    servers: string | number;
  }>(
    db,
    sql`
      select v.model_id as "modelId", v.pn, v.version, v.customer, count(*) as servers
      from (${installed(filter)}) v
      where v.version is not null
      group by v.model_id, v.pn, v.version, v.customer`,
  );
  return rows.map((row) => ({ ...row, modelId: Number(row.modelId), servers: Number(row.servers) }));
}

/** One row per server and component counted: sn, model_id, customer, pn (cards), version. */
function installed(filter: Filter): SQL {
  const model = filter.model
    ? sql`and s.model_id = (select id from server_models where code = ${filter.model})`
    : sql``;
  if (filter.kind !== 'PCIE')
    // A kind's report is one row per server (the key is the component): joined, so PostgreSQL
    // can hash-join 100,000 servers rather than look each one up.
    return sql`
      select s.sn, s.model_id, s.customer_name as customer, null::text as pn,
             coalesce(ic.version, s.installed_firmware ->> ${filter.kind}) as version
      from serial_numbers s
      left join installed_components ic on ic.sn = s.sn and ic.component = ${filter.kind}
      where true ${model}`;
  const cards = filter.pn
    ? sql`(select ${filter.pn}::text as pn) p`
    : sql`(select distinct unnest(s.pcie_parts) as pn) p`;
  return sql`
    select s.sn, s.model_id, s.customer_name as customer, p.pn,
           coalesce(
             (select ic.version from installed_components ic
              where ic.sn = s.sn and ic.kind = 'PCIE' and ic.pn = p.pn order by ic.seen_at desc limit 1),
             s.installed_firmware ->> p.pn) as version
    from serial_numbers s cross join lateral ${cards}
    where p.pn = any(s.pcie_parts) ${model}`;
}
