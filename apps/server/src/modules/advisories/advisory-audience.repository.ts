import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import { COMPANY_PUNCTUATION } from '../serials/serial.service';

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
  const rows = await rowsOf<OwnedServer>(db, ownedServersSql(filter, true));
  return rows.map((row) => ({
    ...row,
    userId: Number(row.userId),
    modelId: Number(row.modelId),
  }));
}

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
    sql`select count(*) as "count" from (select distinct o."userId", o.sn from (${ownedServersSql(filter, false)}) o) d`,
  );
  return Number(row?.count ?? 0);
}

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
  const installed = withInstalled
    ? sql`s.installed_firmware || coalesce((
               select jsonb_object_agg(case when ic.kind = 'PCIE' then ic.pn else ic.kind end, ic.version)
               from installed_components ic where ic.sn = s.sn
             ), '{}'::jsonb)`
    : sql`'{}'::jsonb`;
  return sql`
    with "hit" as (
      -- What the server runs: its newest reports (fleet inventory) over what it was shipped with;
      -- a card is keyed by its part number.
      select s.sn, s.model_id, s.pcie_parts, s.customer_name,
             ${installed} as installed_firmware
      from serial_numbers s
      where ${fits}
    )
    select u.id as "userId", h.sn, h.model_id as "modelId", m.code as "modelCode",
           h.pcie_parts as "pcieParts", h.installed_firmware as "installed"
    from "hit" h
    join user_serials us on us.sn = h.sn and us.state = 'verified'
    join users u on u.id = us.user_id and not u.frozen
    join server_models m on m.id = h.model_id
    where ${byUser}
    union
    select u.id, h.sn, h.model_id, m.code, h.pcie_parts, h.installed_firmware
    from "hit" h
    join organisations o on o.normalised_name = lower(regexp_replace(h.customer_name, ${COMPANY_PUNCTUATION}, '', 'g'))
    join users u on u.organisation_id = o.id and not u.frozen
    join server_models m on m.id = h.model_id
    where ${byUser}
  `;
}
