import { compareVersions, type InstalledBase } from '@portal/contract';
import { rowAffectsComponent } from '@portal/contract/compliance';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import type { AdvisoryReaderService } from '../advisories/advisory-reader.service';

type Filter = { kind: string; model?: string; pn?: string; cve?: string };
type Group = { modelId: number; pn: string | null; version: string; customer: string; servers: number };
type Exposure = NonNullable<InstalledBase['exposed']>;
type AffectedRow = Awaited<ReturnType<AdvisoryReaderService['citing']>>[number]['affected'][number];

/** Kind PCIE without a part number: every card, each part number its own versions. */
const everyCard = (filter: Filter) => filter.kind === 'PCIE' && !filter.pn;

/**
 * The vendor's view (issue 34): how many servers run each version of a kind, over every customer
 * ("how many servers still run BMC 3.x"), and with a CVE, how many servers and customers run a
 * version an advisory naming it affects: the number that matters when a security fix ships. A
 * server's version is its newest report, else what it was shipped with. PCIe cards without a part
 * number are counted per part number, and a server with several cards once (issue 42 §2); a CVE
 * no advisory names, or none for this kind, says so rather than answering 0.
 */
export class InstalledBaseService {
  constructor(
    private readonly db: Db,
    private readonly advisories: AdvisoryReaderService,
  ) {}

  async of(filter: Filter): Promise<InstalledBase> {
    const groups = await this.groups(filter);
    const byVersion = new Map<
      string,
      { pn: string | null; version: string; servers: number; customers: Set<string> }
    >();
    let servers = 0;
    for (const group of groups) {
      const key = JSON.stringify([group.pn, group.version]);
      const entry = byVersion.get(key) ?? {
        pn: group.pn,
        version: group.version,
        servers: 0,
        customers: new Set<string>(),
      };
      entry.servers += group.servers;
      entry.customers.add(group.customer);
      byVersion.set(key, entry);
      servers += group.servers;
    }
    return {
      versions: [...byVersion.values()]
        .sort((a, b) => (a.pn ?? '').localeCompare(b.pn ?? '') || compareVersions(b.version, a.version))
        .map(({ customers, ...entry }) => ({ ...entry, customers: customers.size })),
      // A server with two cards is in two groups: counted once.
      servers: everyCard(filter) && servers > 0 ? (await this.distinct(filter, null)).servers : servers,
      exposed: filter.cve ? await this.exposed(filter, filter.cve, groups) : null,
    };
  }

  private async exposed(filter: Filter, cve: string, groups: Group[]): Promise<Exposure> {
    const rows = (await this.advisories.citing(cve)).flatMap((snapshot) => snapshot.affected);
    if (rows.length === 0) return { status: 'noAdvisory' };
    const concerning = rows.filter((row) => concerns(row, filter));
    if (concerning.length === 0)
      return { status: 'notConcerned', kinds: [...new Set(rows.map((row) => row.pn ?? row.kind))].sort() };
    // The rule "My servers" applies to one component (the compliance engine's).
    const hits = groups.filter((group) =>
      concerning.some((row) =>
        rowAffectsComponent(row, { kind: filter.kind, pn: group.pn }, group.modelId, group.version),
      ),
    );
    // Affected cards of two part numbers may sit in one server: counted once.
    if (new Set(hits.map((group) => group.pn)).size > 1)
      return { status: 'counted', ...(await this.distinct(filter, hits)) };
    return {
      status: 'counted',
      servers: hits.reduce((sum, group) => sum + group.servers, 0),
      customers: new Set(hits.map((group) => group.customer)).size,
    };
  }

  /** Distinct servers and customers, of every group or of these (one more scan, PCIe cards only). */
  private async distinct(filter: Filter, only: Group[] | null) {
    const within = only
      ? sql`and (v.model_id, v.pn, v.version) in (${sql.join(
          only.map((group) => sql`(${group.modelId}::int, ${group.pn}::text, ${group.version}::text)`),
          sql`, `,
        )})`
      : sql``;
    const [row] = await rowsOf<{ servers: string | number; customers: string | number }>(
      this.db,
      sql`select count(distinct v.sn) as servers, count(distinct v.customer) as customers
          from (${this.installed(filter)}) v where v.version is not null ${within}`,
    );
    return { servers: Number(row?.servers ?? 0), customers: Number(row?.customers ?? 0) };
  }

  /** Servers per (model, part number, version, customer): one scan of the shipped servers and their reports. */
  private async groups(filter: Filter): Promise<Group[]> {
    const rows = await rowsOf<{
      modelId: number;
      pn: string | null;
      version: string;
      customer: string;
      servers: string | number;
    }>(
      this.db,
      sql`
        select v.model_id as "modelId", v.pn, v.version, v.customer, count(*) as servers
        from (${this.installed(filter)}) v
        where v.version is not null
        group by v.model_id, v.pn, v.version, v.customer`,
    );
    return rows.map((row) => ({ ...row, modelId: Number(row.modelId), servers: Number(row.servers) }));
  }

  /** One row per server and component counted: sn, model_id, customer, pn (cards), version. */
  private installed(filter: Filter): SQL {
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
}

/** Whether an advisory's row is about the kind (or the card) asked for. */
function concerns(row: AffectedRow, filter: Filter): boolean {
  if (filter.kind === 'PCIE') return row.pn !== null && (!filter.pn || row.pn === filter.pn);
  return row.pn === null && row.kind === filter.kind;
}
