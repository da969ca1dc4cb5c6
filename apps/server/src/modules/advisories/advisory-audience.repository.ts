import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';

/** A server someone owns, with what decides whether an advisory concerns it. */
export type OwnedServer = {
  userId: number;
  sn: string;
  modelId: number;
  modelCode: string;
  pcieParts: string[];
  installed: Record<string, string>;
};

/**
 * Servers and their owners, with the versions they run (reported, else shipped), in one query: owned is bound and verified, or shipped to the owner's
 * staff-assigned organisation (the rule of ownedSerials, set-based here so an advisory for 10,000
 * customers takes one round trip). Only active accounts. `userId` narrows it to one account;
 * `modelIds`/`pns` to servers of those models or carrying those cards.
 */
export async function ownedServers(
  db: Db,
  filter: { userId?: number; modelIds?: number[]; pns?: string[] },
): Promise<OwnedServer[]> {
  // JIT compiling this query took longer than running it (10,000 servers, bench/vex.ts).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<OwnedRow>(tx, ownedServersSql(filter, true));
  });
  return rows.map(({ shipped, reported, ...row }) => ({
    ...row,
    userId: Number(row.userId),
    modelId: Number(row.modelId),
    // Reports over shipping data (the row's own parsed object, so no copy is made).
    installed: Object.assign(shipped ?? {}, reported),
  }));
}

type OwnedRow = Omit<OwnedServer, 'installed'> & {
  shipped: Record<string, string> | null;
  reported: Record<string, string> | null;
};

/**
 * How many servers `ownedServers` would list for the filter (counted once each), by the same
 * ownership query without reading what they run.
 */
export async function ownedServerCount(
  db: Db,
  filter: { userId?: number; modelIds?: number[]; pns?: string[] },
): Promise<number> {
  const [row] = await rowsOf<{ count: number | string }>(
    db,
    sql`select count(*) as "count" from (${ownedServersSql(filter, false)}) o`,
  );
  return Number(row?.count ?? 0);
}

/**
 * Narrowest first: the owners' SNs (one account's when `userId` is given: its verified bindings
 * and its organisation's index range of serial_numbers by customer_key, migration 0034), then
 * those of the models and cards asked for, and only then what each of them runs. Working out the
 * versions first, for every server of the models whoever owns it, cost a CVE lookup over 10,000
 * servers ~12 s beside 30,000 of another company (bench/vex.ts). What they run is read for all of
 * them in one grouped pass over their reports (json, merged over the shipped versions by the
 * caller): a jsonb built per server by a subquery cost twice as much.
 */
function ownedServersSql(
  filter: { userId?: number; modelIds?: number[]; pns?: string[] },
  withInstalled: boolean,
) {
  const modelIds = filter.modelIds ?? null;
  const pns = filter.pns ?? null;
  const fits =
    modelIds === null && pns === null
      ? sql`true`
      : sql`(s.model_id = any(${sql.param(modelIds ?? [])}::int[]) or s.pcie_parts && ${sql.param(pns ?? [])}::text[])`;
  const byUser = filter.userId === undefined ? sql`true` : sql`u.id = ${filter.userId}`;
  const owned = sql`
    with "owned" as (
      select u.id as user_id, us.sn
      from users u
      join user_serials us on us.user_id = u.id and us.state = 'verified'
      where not u.frozen and ${byUser}
      union
      select u.id, s.sn
      from users u
      join organisations o on o.id = u.organisation_id
      join serial_numbers s on s.customer_key = o.normalised_name
      where not u.frozen and ${byUser}
    )`;
  if (!withInstalled)
    return sql`${owned}
    select o.user_id from "owned" o join serial_numbers s on s.sn = o.sn where ${fits}`;
  // What the server runs: its newest reports (fleet inventory) over what it was shipped with; a
  // card is keyed by its part number. Two reports of one key: the last by component name wins,
  // as it did in the jsonb this replaced.
  return sql`${owned},
    "hit" as (
      select o.user_id, s.sn, s.model_id, s.pcie_parts, s.installed_firmware
      from "owned" o join serial_numbers s on s.sn = o.sn
      where ${fits}
    ),
    "reported" as (
      select ic.sn,
             json_object_agg(case when ic.kind = 'PCIE' then ic.pn else ic.kind end, ic.version
                             order by ic.component) as versions
      from installed_components ic
      where ic.sn in (select sn from "hit")
      group by ic.sn
    )
    select h.user_id as "userId", h.sn, h.model_id as "modelId", m.code as "modelCode",
           h.pcie_parts as "pcieParts", h.installed_firmware as "shipped", r.versions as "reported"
    from "hit" h
    join server_models m on m.id = h.model_id
    left join "reported" r on r.sn = h.sn
  `;
}
