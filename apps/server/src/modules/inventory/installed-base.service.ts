import { compareVersions, type InstalledBase, isOrderableVersion } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import { rowAffects, rowNames } from '../advisories/advisory-audience';
import type { AdvisoryReaderService } from '../advisories/advisory-reader.service';

type Filter = { kind: string; model?: string; pn?: string; cve?: string };
type Group = { modelId: number; version: string; customer: string; servers: number };

/**
 * The vendor's view (issue 34): how many servers run each version of a kind, over every customer
 * ("how many servers still run BMC 3.x"), and with a CVE, how many servers and customers run a
 * version an advisory naming it affects: the number that matters when a security fix ships. A
 * server's version is its newest report, else what it was shipped with.
 */
export class InstalledBaseService {
  constructor(
    private readonly db: Db,
    private readonly advisories: AdvisoryReaderService,
  ) {}

  async of(filter: Filter): Promise<InstalledBase> {
    const groups = await this.groups(filter);
    const byVersion = new Map<string, { servers: number; customers: Set<string> }>();
    let servers = 0;
    for (const group of groups) {
      const entry = byVersion.get(group.version) ?? { servers: 0, customers: new Set<string>() };
      entry.servers += group.servers;
      entry.customers.add(group.customer);
      byVersion.set(group.version, entry);
      servers += group.servers;
    }
    return {
      versions: [...byVersion.entries()]
        .sort(([a], [b]) => compareVersions(b, a))
        .map(([version, entry]) => ({ version, servers: entry.servers, customers: entry.customers.size })),
      servers,
      exposed: filter.cve ? await this.exposed(filter, groups) : null,
    };
  }

  private async exposed(filter: Filter, groups: Group[]) {
    const snapshots = (
      await this.advisories.naming(
        [...new Set(groups.map((group) => group.modelId))],
        filter.pn ? [filter.pn] : [],
      )
    ).filter((snapshot) =>
      snapshot.vulnerabilities.some((vulnerability) => vulnerability.cve === filter.cve),
    );
    const key = filter.kind === 'PCIE' ? (filter.pn ?? '') : filter.kind;
    let servers = 0;
    const customers = new Set<string>();
    for (const group of groups) {
      if (!isOrderableVersion(group.version)) continue;
      const server = {
        modelId: group.modelId,
        pcieParts: filter.pn ? [filter.pn] : [],
        installed: { [key]: group.version },
      };
      const hit = snapshots.some((snapshot) =>
        snapshot.affected.some(
          (row) => rowNames(row, { kind: filter.kind, pn: filter.pn ?? null }) && rowAffects(row, server),
        ),
      );
      if (!hit) continue;
      servers += group.servers;
      customers.add(group.customer);
    }
    return { servers, customers: customers.size };
  }

  /** Servers per (model, version, customer): one scan of the shipped servers and their reports. */
  private async groups(filter: Filter): Promise<Group[]> {
    const key = filter.kind === 'PCIE' ? (filter.pn ?? '') : filter.kind;
    const report =
      filter.kind === 'PCIE'
        ? sql`(select ic.version from installed_components ic where ic.sn = s.sn and ic.kind = 'PCIE' and ic.pn = ${key} order by ic.seen_at desc limit 1)`
        : sql`ic.version`;
    // A kind's report is one row per server (the key is the component): joined, so PostgreSQL can
    // hash-join 100,000 servers rather than look each one up.
    const joined =
      filter.kind === 'PCIE'
        ? sql``
        : sql`left join installed_components ic on ic.sn = s.sn and ic.component = ${key}`;
    const model = filter.model
      ? sql`and s.model_id = (select id from server_models where code = ${filter.model})`
      : sql``;
    const card = filter.kind === 'PCIE' ? sql`and ${key} = any(s.pcie_parts)` : sql``;
    const rows = await rowsOf<{
      modelId: number;
      version: string;
      customer: string;
      servers: string | number;
    }>(
      this.db,
      sql`
        select v.model_id as "modelId", v.version, v.customer, count(*) as servers from (
          select s.model_id, s.customer_name as customer, coalesce(${report}, s.installed_firmware ->> ${key}) as version
          from serial_numbers s ${joined}
          where true ${model} ${card}
        ) v
        where v.version is not null
        group by v.model_id, v.version, v.customer`,
    );
    return rows.map((row) => ({ ...row, modelId: Number(row.modelId), servers: Number(row.servers) }));
  }
}
