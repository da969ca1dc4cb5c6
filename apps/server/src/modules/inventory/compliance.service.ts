import {
  type AdvisorySnapshot,
  ADVISORY_SEVERITIES,
  COMPLIANCE_STATES,
  type ComplianceState,
  type ComponentCompliance,
  compareVersions as compareVersionsOnce,
  type FleetPage,
  type FleetQuery,
  type FleetServerDetail,
  type InventoryKind,
  type InventorySource,
  isOrderableVersion,
  type Locale,
  SERVER_FIRMWARE_KINDS,
  type ServerCompliance,
} from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { fleetBaselines, installedComponents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type OwnedServer, ownedServers, rowAffects, rowNames } from '../advisories/advisory-audience';
import type { AdvisoryReaderService } from '../advisories/advisory-reader.service';
import type { CatalogAccess } from '../catalog/catalog-access';
import { planUpdates, type Release, type ReleaseIndex, releasesFor, targetOf } from './fleet-catalogue';

type Reported = typeof installedComponents.$inferSelect;
type Baseline = typeof fleetBaselines.$inferSelect;
type Assessment = Pick<ComponentCompliance, 'state' | 'behind' | 'target'> & {
  pinned: boolean;
  affecting: ComponentCompliance['advisories'];
};
/** Assessments of one fleet computation, by its release lists (collected with them). */
const assessed = new WeakMap<Release[], Map<string, Assessment>>();
const SLICE = 5000;
/**
 * compareVersions, remembered: a fleet has few distinct versions, but 10,000 servers × 10
 * components compare them a million times (parsing both each time); bounded, then cleared.
 */
const compared = new Map<string, number>();
function compareVersions(a: string, b: string): number {
  const key = `${a}\u0000${b}`;
  let order = compared.get(key);
  if (order === undefined) {
    if (compared.size >= 100_000) compared.clear();
    order = compareVersionsOnce(a, b);
    compared.set(key, order);
  }
  return order;
}
const worstOf = (states: ComplianceState[]) =>
  COMPLIANCE_STATES.find((state) => states.includes(state)) ?? 'unknown';

/** One server with every component's state, before paging. */
export type ServerReport = ServerCompliance & { components: ComponentCompliance[] };

/**
 * Fleet compliance (issue 34): for every server the customer owns and each component, what is
 * installed (the newest report, else what was shipped), what the catalogue offers, and the state:
 * vulnerable (a visible advisory's range holds the version), outdated (a newer release exists;
 * how many behind), newer (ahead of every release: a pre-release or a downgrade target), current,
 * or unknown (no report, nothing to compare with, or a version the catalogue cannot order: never
 * guessed as outdated). Computed from the data at every request, so an update reported a second
 * ago shows at once: nothing here is a stale "OK".
 */
export class ComplianceService {
  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
    private readonly advisories: AdvisoryReaderService,
  ) {}

  async fleet(userId: number, locale: Locale): Promise<ServerReport[]> {
    const servers = await ownedServers(this.db, { userId });
    const unique = [...new Map(servers.map((server) => [server.sn, server])).values()];
    const modelIds = [...new Set(unique.map((server) => server.modelId))];
    const reported = await this.reported(unique.map((server) => server.sn));
    const pns = [
      ...new Set([
        ...unique.flatMap((server) => server.pcieParts),
        ...[...reported.values()].flat().flatMap((row) => (row.pn ? [row.pn] : [])),
      ]),
    ];
    const [releases, advisories, baselines] = await Promise.all([
      releasesFor(this.db, this.access, await this.access.viewerOf(userId), modelIds, pns),
      this.advisories.naming(modelIds, pns),
      this.db.select().from(fleetBaselines).where(eq(fleetBaselines.userId, userId)),
    ]);
    const baselineOf = new Map(baselines.map((baseline) => [baseline.modelId, baseline]));
    return unique.map((server) =>
      this.compute(
        server,
        reported.get(server.sn) ?? [],
        releases,
        advisories,
        locale,
        baselineOf.get(server.modelId),
      ),
    );
  }

  async page(userId: number, query: FleetQuery, locale: Locale): Promise<FleetPage> {
    const all = await this.fleet(userId, locale);
    const summary = Object.fromEntries(COMPLIANCE_STATES.map((state) => [state, 0])) as Record<
      ComplianceState,
      number
    >;
    for (const server of all) summary[server.state]++;
    const rows = all.filter(
      (server) =>
        (!query.state || server.state === query.state) &&
        (!query.model || server.model === query.model) &&
        (!query.sn || server.sn.includes(query.sn)),
    );
    const direction = query.sortOrder === 'descend' ? -1 : 1;
    const field = query.sortField ?? 'state';
    rows.sort((a, b) => {
      const order =
        field === 'sn'
          ? a.sn.localeCompare(b.sn)
          : field === 'model'
            ? a.model.localeCompare(b.model) || a.sn.localeCompare(b.sn)
            : field === 'lastReport'
              ? (a.lastReport ?? '').localeCompare(b.lastReport ?? '') || a.sn.localeCompare(b.sn)
              : COMPLIANCE_STATES.indexOf(a.state) - COMPLIANCE_STATES.indexOf(b.state) ||
                a.sn.localeCompare(b.sn);
      return order * direction;
    });
    const start = (query.pageNo - 1) * query.pageSize;
    return {
      rows: rows.slice(start, start + query.pageSize).map(({ components: _components, ...row }) => row),
      totalRows: rows.length,
      pageNo: query.pageNo,
      summary,
    };
  }

  /** One server of the caller's (any other SN: not found, like one never shipped). */
  async server(userId: number, sn: string, locale: Locale): Promise<FleetServerDetail> {
    const found = (await this.fleet(userId, locale)).find((server) => server.sn === sn);
    if (!found) throw new AppError('SN_NOT_FOUND');
    return found;
  }

  private compute(
    server: OwnedServer,
    reported: Reported[],
    releases: ReleaseIndex,
    advisories: AdvisorySnapshot[],
    locale: Locale,
    baseline?: Baseline,
  ): ServerReport {
    const byKey = new Map(reported.map((row) => [row.component, row]));
    const components: ComponentCompliance[] = [];
    for (const kind of SERVER_FIRMWARE_KINDS) {
      const report = byKey.get(kind);
      const shipped = server.installed[kind];
      const candidates = releases.get(`model:${server.modelId}:${kind}`) ?? [];
      if (!report && !shipped && candidates.length === 0) continue;
      components.push(
        this.component(
          { kind, pn: null, slot: null, key: kind },
          report,
          shipped,
          candidates,
          advisories,
          server,
          locale,
          baseline,
        ),
      );
    }
    const reportedCards = reported.filter((row) => row.kind === 'PCIE');
    for (const row of reportedCards)
      components.push(
        this.component(
          { kind: 'PCIE', pn: row.pn, slot: row.slot, key: row.component },
          row,
          undefined,
          releases.get(`pn:${row.pn}`) ?? [],
          advisories,
          server,
          locale,
          baseline,
        ),
      );
    for (const pn of server.pcieParts) {
      if (reportedCards.some((row) => row.pn === pn)) continue;
      components.push(
        this.component(
          { kind: 'PCIE', pn, slot: null, key: `PCIE:${pn}` },
          undefined,
          server.installed[pn],
          releases.get(`pn:${pn}`) ?? [],
          advisories,
          server,
          locale,
          baseline,
        ),
      );
    }
    const counts = Object.fromEntries(COMPLIANCE_STATES.map((state) => [state, 0])) as Record<
      ComplianceState,
      number
    >;
    for (const component of components) counts[component.state]++;
    const seen = reported.map((row) => row.seenAt.getTime());
    return {
      sn: server.sn,
      model: server.modelCode,
      state: worstOf(components.map((component) => component.state)),
      lastReport: seen.length > 0 ? new Date(Math.max(...seen)).toISOString() : null,
      counts,
      components: planUpdates(components),
    };
  }

  private component(
    id: { kind: InventoryKind; pn: string | null; slot: string | null; key: string },
    report: Reported | undefined,
    shipped: string | undefined,
    candidates: Release[],
    advisories: AdvisorySnapshot[],
    server: OwnedServer,
    locale: Locale,
    baseline?: Baseline,
  ): ComponentCompliance {
    const installed = report?.version ?? shipped ?? null;
    const { state, behind, target, pinned, affecting } = this.assess(
      id,
      installed,
      candidates,
      advisories,
      server,
      locale,
      baseline,
    );
    return {
      component: id.key,
      kind: id.kind,
      pn: id.pn,
      slot: id.slot,
      installed,
      source: report ? (report.source as InventorySource) : shipped ? 'shipping' : null,
      seenAt: report?.seenAt.toISOString() ?? null,
      contradicts:
        report?.otherVersion && report.otherSource && report.otherSeenAt
          ? {
              version: report.otherVersion,
              source: report.otherSource as InventorySource,
              seenAt: report.otherSeenAt.toISOString(),
            }
          : null,
      state,
      behind,
      target,
      baseline: pinned ? (baseline?.name ?? null) : null,
      advisories: affecting,
    };
  }

  /**
   * What decides a component's state, from its installed version and what the catalogue and the
   * advisories say. Servers of one model share most versions: the answer is remembered per
   * release list (one per model and kind, or card, in one fleet computation) and version, so
   * 10,000 servers cost a few hundred assessments, not 100,000.
   */
  private assess(
    id: { kind: InventoryKind; pn: string | null },
    installed: string | null,
    candidates: Release[],
    advisories: AdvisorySnapshot[],
    server: OwnedServer,
    locale: Locale,
    baseline?: Baseline,
  ): Assessment {
    const memo = assessed.get(candidates) ?? new Map<string, Assessment>();
    assessed.set(candidates, memo);
    const key = `${server.modelId}\u0000${id.kind}\u0000${id.pn}\u0000${installed}\u0000${baseline?.name}`;
    const known = memo.get(key);
    if (known) return known;
    // A baseline's pin for this component (model kind, or the card's part number) is the target.
    const pinnedId = baseline?.versions[id.kind === 'PCIE' ? `PCIE:${id.pn}` : id.kind];
    const pinned =
      pinnedId === undefined ? undefined : candidates.find((release) => release.versionId === pinnedId);
    const target = pinned ?? candidates.at(-1) ?? null;
    const orderable = installed !== null && isOrderableVersion(installed);
    const affecting = orderable
      ? advisories.flatMap((advisory) =>
          advisory.affected
            .filter(
              (row) =>
                rowNames(row, id) &&
                rowAffects(row, {
                  modelId: server.modelId,
                  pcieParts: id.pn ? [id.pn] : [],
                  installed: { [row.modelId === null ? (row.pn ?? '') : row.kind]: installed },
                }),
            )
            .slice(0, 1)
            .map((row) => ({
              advisoryId: advisory.advisoryId,
              severity: advisory.severity,
              baseScore: advisory.baseScore,
              cves: advisory.vulnerabilities.map((vulnerability) => vulnerability.cve),
              fixedIn: row.fixedIn,
            })),
        )
      : [];
    affecting.sort(
      (a, b) =>
        ADVISORY_SEVERITIES.indexOf(a.severity) - ADVISORY_SEVERITIES.indexOf(b.severity) ||
        b.baseScore - a.baseScore,
    );
    let state: ComplianceState = 'unknown';
    let behind = 0;
    if (orderable && affecting.length > 0) state = 'vulnerable';
    else if (orderable && target) {
      const order = compareVersions(installed, target.version);
      state = order < 0 ? 'outdated' : order > 0 ? 'newer' : 'current';
    }
    if (orderable && target && compareVersions(installed, target.version) < 0)
      behind = candidates.filter(
        (release) =>
          compareVersions(release.version, installed) > 0 &&
          compareVersions(release.version, target.version) <= 0,
      ).length;
    const answer: Assessment = {
      state,
      behind,
      pinned: pinned !== undefined,
      affecting,
      target: target ? targetOf(target, locale) : null,
    };
    memo.set(key, answer);
    return answer;
  }

  private async reported(sns: string[]): Promise<Map<string, Reported[]>> {
    const bySn = new Map<string, Reported[]>();
    for (let start = 0; start < sns.length; start += SLICE) {
      const rows = await this.db
        .select()
        .from(installedComponents)
        .where(inArray(installedComponents.sn, sns.slice(start, start + SLICE)));
      for (const row of rows) {
        const list = bySn.get(row.sn);
        if (list) list.push(row);
        else bySn.set(row.sn, [row]);
      }
    }
    return bySn;
  }
}
