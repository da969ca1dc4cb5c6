import { compareVersions, type InstalledBase } from '@portal/contract';
import { rowAffectsComponent } from '@portal/contract/compliance';
import type { Db } from '../../db/connection';
import type { AdvisoryReaderService } from '../advisories';
import { distinctServers, type Filter, type Group, versionGroups } from './installed-base.repository';

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
    const groups = await versionGroups(this.db, filter);
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
      servers:
        everyCard(filter) && servers > 0 ? (await distinctServers(this.db, filter, null)).servers : servers,
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
      return { status: 'counted', ...(await distinctServers(this.db, filter, hits)) };
    return {
      status: 'counted',
      servers: hits.reduce((sum, group) => sum + group.servers, 0),
      customers: new Set(hits.map((group) => group.customer)).size,
    };
  }
}

/** Whether an advisory's row is about the kind (or the card) asked for. */
function concerns(row: AffectedRow, filter: Filter): boolean {
  if (filter.kind === 'PCIE') return row.pn !== null && (!filter.pn || row.pn === filter.pn);
  return row.pn === null && row.kind === filter.kind;
}
