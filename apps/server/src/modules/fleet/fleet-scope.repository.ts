import type { InventorySource } from '@portal/contract';
import type { ComponentReading, PlainReading } from '@portal/contract/compliance';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import { fleetBaselines, installedComponents, organisations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CatalogAccess, Viewer } from '../catalog/catalog-access';

/**
 * Whose fleet: a signed-in customer's ("My servers"), or a customer organisation's, as staff who
 * administer customer accounts see it.
 */
export type FleetScope = { userId: number } | { organisationId: number };

/** A component as last reported: what its state needs, nothing more (no dates, no history). */
export type PlainReport = PlainReading;

/** Reports are read this many SNs at a time (bound parameters stay far below the limit). */
const SLICE = 5000;

/** A server of the scope, read in one query with what decides its compliance. */
export type ScopeServer = {
  sn: string;
  modelId: number;
  modelCode: string;
  pcieParts: string[];
  /** What it was shipped with (kind, or a card's part number -> version). */
  shipped: Record<string, string>;
};

/**
 * The SNs of a scope, by the rule of `ownedSerials`/`ownedServers`: bound and verified by an
 * active account, or shipped to the staff-assigned organisation (normalised shipping name). For an
 * organisation: every SN shipped to it and every SN an active member verified. Each SN once: the
 * shipped ones are an index range of serial_numbers (customer_key, stored normalised by migration
 * 0034), the verified ones are added when not among them (a union's dedupe of 100,000 rows cost
 * more than the rest of the page).
 */
export function scopeSerials(scope: FleetScope) {
  if ('userId' in scope) {
    const shippedTo = sql`(select o.normalised_name from users u join organisations o on o.id = u.organisation_id
                           where u.id = ${scope.userId} and not u.frozen)`;
    return sql`
      select s.sn from serial_numbers s where s.customer_key = ${shippedTo}
      union all
      select us.sn from user_serials us join users u on u.id = us.user_id and not u.frozen
      where us.user_id = ${scope.userId} and us.state = 'verified'
        and not exists (select 1 from serial_numbers s where s.sn = us.sn and s.customer_key = ${shippedTo})`;
  }
  const shippedTo = sql`(select o.normalised_name from organisations o where o.id = ${scope.organisationId})`;
  return sql`
    select s.sn from serial_numbers s where s.customer_key = ${shippedTo}
    union all
    select distinct us.sn from user_serials us join users u on u.id = us.user_id and not u.frozen
    where u.organisation_id = ${scope.organisationId} and us.state = 'verified'
      and not exists (select 1 from serial_numbers s where s.sn = us.sn and s.customer_key = ${shippedTo})`;
}

/** The scope's servers (or the one `sn` among them), in one round trip. */
export async function scopeServers(db: Db, scope: FleetScope, sn?: string): Promise<ScopeServer[]> {
  const rows = await rowsOf<ScopeServer>(
    db,
    sql`
    with owned as (${scopeSerials(scope)})
    select s.sn, s.model_id as "modelId", m.code as "modelCode", s.pcie_parts as "pcieParts",
           s.installed_firmware as "shipped"
    from owned join serial_numbers s on s.sn = owned.sn
    join server_models m on m.id = s.model_id
    where ${sn === undefined ? sql`true` : sql`s.sn = ${sn}`}`,
  );
  return rows.map((row) => ({
    sn: row.sn,
    modelId: Number(row.modelId),
    modelCode: row.modelCode,
    pcieParts: row.pcieParts ?? [],
    shipped: row.shipped ?? {},
  }));
}

/** Servers that run the same: one model, cards, shipped and reported versions; their SNs and last reports. */
export type ScopeProfile = {
  server: Omit<ScopeServer, 'sn'> & { reported: PlainReport[] };
  sns: string[];
  /** Per SN: its newest report of any component, in ms (null: never reported). */
  lastSeen: (number | null)[];
};

/**
 * The scope's servers grouped by what decides their state (model, cards, shipped versions and
 * every reported component's version): a fleet of 10,000 servers runs a few dozen such profiles,
 * so the page assesses each profile once. Read at every call, like `scopeServers`.
 */
export async function scopeProfiles(db: Db, scope: FleetScope): Promise<ScopeProfile[]> {
  const field = (column: SQL) => sql`coalesce(char_length(${column}) || ':' || ${column}, '-:')`;
  const rows = await rowsOf<
    Omit<ScopeServer, 'sn'> & { reported: string | null; sns: string[]; lastSeen: (number | string | null)[] }
  >(
    db,
    sql`
    with owned as (${scopeSerials(scope)}),
    r as (
      select ic.sn,
             string_agg(${field(sql`ic.component`)} || ${field(sql`ic.kind`)} || ${field(sql`ic.pn`)}
                        || ${field(sql`ic.slot`)} || ${field(sql`ic.version`)}, '' order by ic.component) as reported,
             (extract(epoch from max(ic.seen_at)) * 1000)::float8 as seen
      from installed_components ic join owned on owned.sn = ic.sn
      group by ic.sn
    )
    select s.model_id as "modelId", m.code as "modelCode", s.pcie_parts as "pcieParts",
           s.installed_firmware as "shipped", r.reported, array_agg(s.sn) as sns, array_agg(r.seen) as "lastSeen"
    from owned join serial_numbers s on s.sn = owned.sn
    join server_models m on m.id = s.model_id
    left join r on r.sn = s.sn
    group by s.model_id, m.code, s.pcie_parts, s.installed_firmware, r.reported`,
  );
  return rows.map((row) => ({
    server: {
      modelId: Number(row.modelId),
      modelCode: row.modelCode,
      pcieParts: row.pcieParts ?? [],
      shipped: row.shipped ?? {},
      reported: decodeReports(row.reported ?? ''),
    },
    sns: row.sns,
    lastSeen: row.lastSeen.map((seen) => (seen === null ? null : Number(seen))),
  }));
}

/**
 * Reads what `scopeProfiles` wrote: per component five fields, each `<length>:<text>` (length in
 * characters, as PostgreSQL's char_length counts them) or `-:` for null. Length-prefixed, the
 * text is one-to-one with the components whatever they contain, so two servers group together
 * only when they report exactly the same; and it costs the database a fraction of building JSON.
 */
export function decodeReports(text: string): PlainReport[] {
  const chars = Array.from(text);
  let at = 0;
  const next = (): string | null => {
    const colon = chars.indexOf(':', at);
    if (colon < 0) throw new Error('malformed reported components');
    const size = chars.slice(at, colon).join('');
    at = colon + 1;
    if (size === '-') return null;
    const value = chars.slice(at, at + Number(size)).join('');
    at += Number(size);
    return value;
  };
  const reports: PlainReport[] = [];
  while (at < chars.length) {
    const [component, kind, pn, slot, version] = [next(), next(), next(), next(), next()];
    reports.push({ component: component ?? '', kind: kind ?? '', pn, slot, version: version ?? '' });
  }
  return reports;
}

/** A customer organisation staff may look at (unknown id: ORGANISATION_UNKNOWN, 404). */
export async function organisationOf(db: Db, organisationId: number) {
  const [organisation] = await db
    .select({ id: organisations.id, name: organisations.name, normalisedName: organisations.normalisedName })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) throw new AppError('ORGANISATION_UNKNOWN');
  return organisation;
}

/**
 * Who the catalogue is shown to: the customer; for an organisation, what any of its active
 * members may see (their grants together with the organisation's own), never more: staff looking
 * at a customer's fleet see the targets the customer would, not the ones staff may download.
 */
export async function viewerOfScope(db: Db, access: CatalogAccess, scope: FleetScope): Promise<Viewer> {
  if ('userId' in scope) return access.viewerOf(scope.userId);
  const organisation = await organisationOf(db, scope.organisationId);
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, scope.organisationId), eq(users.frozen, false)));
  const keys = new Set([`customer:${organisation.normalisedName}`]);
  for (const member of members) {
    const viewer = await access.viewerOf(member.id);
    if (viewer.signedIn) for (const key of viewer.grantKeys) keys.add(key);
  }
  return { signedIn: true, userId: members[0]?.id ?? 0, seesEverything: false, grantKeys: [...keys] };
}

/** The baselines compared with: the customer's own; an organisation's view uses the newest releases. */
export async function baselinesOfScope(db: Db, scope: FleetScope) {
  if (!('userId' in scope)) return [];
  return db.select().from(fleetBaselines).where(eq(fleetBaselines.userId, scope.userId));
}

/**
 * Every customer organisation with its active accounts and how many servers it owns (shipped to
 * it, or verified by an active member: the scope's rule), by name: the staff's picker.
 */
export async function organisationsWithFleets(db: Db) {
  const rows = await rowsOf<{ id: number; name: string; members: number | string; servers: number | string }>(
    db,
    sql`
    with "owned" as (
      select u.organisation_id as org, us.sn
      from user_serials us join users u on u.id = us.user_id and not u.frozen
      where us.state = 'verified' and u.organisation_id is not null
      union
      select o.id, s.sn from serial_numbers s
      join organisations o on o.normalised_name = s.customer_key
    )
    select o.id, o.name,
           (select count(*) from users u where u.organisation_id = o.id and not u.frozen) as members,
           (select count(*) from "owned" where "owned".org = o.id) as servers
    from organisations o
    order by o.name, o.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    members: Number(row.members),
    servers: Number(row.servers),
  }));
}

/** The servers' current readings, with their sources and dates, by SN. */
export async function readingsOf(db: Db, sns: string[]): Promise<Map<string, ComponentReading[]>> {
  const bySn = new Map<string, ComponentReading[]>();
  for (let start = 0; start < sns.length; start += SLICE) {
    const rows = await db
      .select()
      .from(installedComponents)
      .where(inArray(installedComponents.sn, sns.slice(start, start + SLICE)));
    for (const row of rows) {
      const reading: ComponentReading = {
        component: row.component,
        kind: row.kind,
        pn: row.pn,
        slot: row.slot,
        version: row.version,
        source: row.source as InventorySource,
        seenAt: row.seenAt.toISOString(),
        contradicts:
          row.otherVersion && row.otherSource && row.otherSeenAt
            ? {
                version: row.otherVersion,
                source: row.otherSource as InventorySource,
                seenAt: row.otherSeenAt.toISOString(),
              }
            : null,
      };
      const list = bySn.get(row.sn);
      if (list) list.push(reading);
      else bySn.set(row.sn, [reading]);
    }
  }
  return bySn;
}

/** The organisation staff assigned the account to (null: none). */
export async function organisationIdOfUser(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ organisationId: users.organisationId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.organisationId ?? null;
}
