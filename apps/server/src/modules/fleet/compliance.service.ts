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
  visibleText,
} from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { type fleetBaselines, installedComponents, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { rowAffects, rowNames } from '../advisories/advisory-audience';
import type { AdvisoryReaderService } from '../advisories/advisory-reader.service';
import type { CatalogAccess } from '../catalog/catalog-access';
import { planUpdates, type Release, type ReleaseIndex, releasesFor, targetOf } from './fleet-catalogue';
import {
  baselinesOfScope,
  type FleetScope,
  organisationOf,
  organisationsWithFleets,
  type PlainReport,
  type ScopeServer,
  scopeServers,
  viewerOfScope,
} from './fleet-scope';
import {
  contextKeyOf,
  scopeKeyOf,
  scopeState,
  type StaleServer,
  staleInputs,
  storedPage,
  storedSerials,
  storeStates,
  widenScope,
} from './fleet-states';

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

/** What one computation compares a scope's servers with. */
type Context = {
  releases: ReleaseIndex;
  advisories: AdvisorySnapshot[];
  baselineOf: Map<number, Baseline>;
  locale: Locale;
};

/** One component of a server to assess: the report (if any), the shipped version, the candidates. */
type Part<R> = {
  id: { kind: InventoryKind; pn: string | null; slot: string | null; key: string };
  report: R | undefined;
  shipped: string | undefined;
  candidates: Release[];
};

const zeroCounts = () =>
  Object.fromEntries(COMPLIANCE_STATES.map((state) => [state, 0])) as Record<ComplianceState, number>;
const asScope = (scope: FleetScope | number): FleetScope =>
  typeof scope === 'number' ? { userId: scope } : scope;

/**
 * Fleet compliance (issue 34): for every server of a scope (a customer's own, or an organisation's
 * for staff) and each component, what is installed (the newest report, else what was shipped),
 * what the catalogue offers, and the state: vulnerable (a visible advisory's range holds the
 * version), outdated (a newer release exists; how many behind), newer (ahead of every release: a
 * pre-release or a downgrade target), current, or unknown (no report, nothing to compare with, or
 * a version the catalogue cannot order: never guessed as outdated).
 *
 * Why it is never stale: exports, bundles and one server's detail (`fleet`, `server`) store
 * nothing: every call reads the reports, the published (not recalled) releases, the advisories
 * visible at this instant (an embargo that ended a second ago counts) and the baselines, and
 * computes from them. "My servers" (`page`) must stay fast on a real fleet, where nearly every
 * server runs a combination of its own (issue 40): it answers from states stored per scope and
 * server (fleet-states.ts), each labelled with what it was computed from; before answering it
 * reads the scope's context now (same rules), and recomputes every stored state whose context
 * hash or server change counter (bumped by triggers in the writer's transaction) is not now's.
 * A report recomputes the reported servers' stored states right after it commits
 * (`refreshReported`; else the next page does); a publish, recall,
 * embargo end, advisory or baseline change one of the whole scope (one slower request).
 * The assessments are remembered only per computation (keyed by its own release lists); the
 * remembered version comparisons are a pure function of two strings.
 */
export class ComplianceService {
  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
    private readonly advisories: AdvisoryReaderService,
  ) {}

  /** Customer organisations with their accounts and servers: whose fleet staff may look at. */
  organisations() {
    return organisationsWithFleets(this.db);
  }

  /** One customer organisation (an unknown id: ORGANISATION_UNKNOWN, 404). */
  organisation(organisationId: number) {
    return organisationOf(this.db, organisationId);
  }

  /** Every server of the scope with every component (exports, bundles). */
  async fleet(scope: FleetScope | number, locale: Locale): Promise<ServerReport[]> {
    return this.reports(asScope(scope), locale);
  }

  /**
   * One page of the scope's servers with their worst state, and the summary over all of them,
   * answered from the stored states (fleet-states.ts) after recomputing the stale ones: those never
   * computed for this scope, those whose inputs changed since (a report, a serial edit: their
   * change counter moved), and all of them when the scope's context changed (a publish, a recall,
   * an embargo ending, an advisory published or revised, a grant, a baseline). What is fresh is
   * decided by the database (counters bumped by triggers, a hash of the context read now), so
   * several portal processes share the states and never show one older than the request.
   */
  async page(scope: FleetScope | number, query: FleetQuery, locale: Locale): Promise<FleetPage> {
    const fleetScope = asScope(scope);
    const scopeKey = scopeKeyOf(fleetScope);
    // Inputs read before the scope's context had to be widened (new models or cards): kept.
    let inputs: StaleServer[] | undefined;
    for (let attempt = 0; ; attempt += 1) {
      const { generation, modelIds, pns } = await scopeState(this.db, scopeKey);
      const context = await this.context(fleetScope, modelIds, pns, locale);
      const contextKey = contextKeyOf(context.releases, context.advisories, [...context.baselineOf.values()]);
      if (!inputs) {
        const stored = await storedPage(this.db, fleetScope, contextKey, query);
        // Still stale after recomputing: written meanwhile by a later request (or a report that
        // came after this one began); its rows are as fresh as this request.
        if (stored.stale.length === 0 || attempt >= 3)
          return {
            rows: stored.rows,
            totalRows: stored.totalRows,
            pageNo: query.pageNo,
            summary: stored.summary,
          };
        inputs = await staleInputs(this.db, stored.stale);
      }
      const knownModels = new Set(modelIds);
      const knownPns = new Set(pns);
      const newModels = new Set(inputs.map((server) => server.modelId).filter((id) => !knownModels.has(id)));
      const newPns = new Set(
        inputs
          .flatMap((server) => [
            ...server.pcieParts,
            ...server.reported.flatMap((row) => (row.pn ? [row.pn] : [])),
          ])
          .filter((pn) => !knownPns.has(pn)),
      );
      if (newModels.size > 0 || newPns.size > 0) {
        await widenScope(this.db, scopeKey, [...newModels], [...newPns]);
        continue;
      }
      const states = inputs.map((server) => ({ ...server, ...this.stateOf(server, context) }));
      await storeStates(this.db, scopeKey, contextKey, generation, states);
      inputs = undefined;
    }
  }

  /**
   * Right after a report committed: recomputes the states the reporter's scopes (the account's
   * own, and its organisation's as staff see it) already store for the reported servers, so the
   * next page finds them fresh instead of recomputing them. Only a head start: the page still
   * judges every state by the database's counters, so the caller lets a failure here pass (the
   * report stands) and a server of a model or card new to the scope is left to the page.
   */
  async refreshReported(userId: number, sns: string[]): Promise<void> {
    if (sns.length === 0) return;
    const [reporter] = await this.db
      .select({ organisationId: users.organisationId })
      .from(users)
      .where(eq(users.id, userId));
    const scopes: FleetScope[] = [{ userId }];
    if (reporter?.organisationId != null) scopes.push({ organisationId: reporter.organisationId });
    for (const scope of scopes) {
      const scopeKey = scopeKeyOf(scope);
      // The generation is taken first, as the page does: a later computation's rows are kept.
      const { generation, modelIds, pns } = await scopeState(this.db, scopeKey);
      const stored = await storedSerials(this.db, scopeKey, sns);
      if (stored.length === 0) continue;
      const inputs = await staleInputs(this.db, stored);
      const knownModels = new Set(modelIds);
      const knownPns = new Set(pns);
      const known = inputs.filter(
        (server) =>
          knownModels.has(server.modelId) &&
          server.pcieParts.every((pn) => knownPns.has(pn)) &&
          server.reported.every((row) => !row.pn || knownPns.has(row.pn)),
      );
      // The locale only words the targets; the states and counts stored do not depend on it.
      const context = await this.context(scope, modelIds, pns, 'en-US');
      const contextKey = contextKeyOf(context.releases, context.advisories, [...context.baselineOf.values()]);
      const states = known.map((server) => ({ ...server, ...this.stateOf(server, context) }));
      await storeStates(this.db, scopeKey, contextKey, generation, states);
    }
  }

  /** One server of the scope (any other SN: not found, like one never shipped). */
  async server(scope: FleetScope | number, sn: string, locale: Locale): Promise<FleetServerDetail> {
    const [found] = await this.reports(asScope(scope), locale, sn);
    // The message names the SN as typed, without characters that would make it read as another.
    if (!found) throw new AppError('SN_NOT_FOUND', { params: { sn: visibleText(sn) } });
    return found;
  }

  /** Servers (or the one `sn`) with every component: full report rows, targets, advisories. */
  private async reports(scope: FleetScope, locale: Locale, sn?: string): Promise<ServerReport[]> {
    const servers = await scopeServers(this.db, scope, sn);
    const reported = await this.reported(servers.map((server) => server.sn));
    const context = await this.context(
      scope,
      servers.map((server) => server.modelId),
      [
        ...servers.flatMap((server) => server.pcieParts),
        ...[...reported.values()].flat().flatMap((row) => (row.pn ? [row.pn] : [])),
      ],
      locale,
    );
    return servers.map((server) => this.compute(server, reported.get(server.sn) ?? [], context));
  }

  /** What the servers of these models and cards are compared with, as the scope sees it now. */
  private async context(
    scope: FleetScope,
    models: number[],
    parts: string[],
    locale: Locale,
  ): Promise<Context> {
    const modelIds = [...new Set(models)];
    const pns = [...new Set(parts)];
    const [releases, advisories, baselines] = await Promise.all([
      viewerOfScope(this.db, this.access, scope).then((viewer) =>
        releasesFor(this.db, this.access, viewer, modelIds, pns),
      ),
      this.advisories.naming(modelIds, pns),
      baselinesOfScope(this.db, scope),
    ]);
    return {
      releases,
      advisories,
      baselineOf: new Map(baselines.map((baseline) => [baseline.modelId, baseline])),
      locale,
    };
  }

  /**
   * The components a server has, in one order: each firmware kind it reported, was shipped with
   * or the catalogue offers for its model; each reported card; each installed card not reported.
   */
  private partsOf<R extends PlainReport>(
    server: Omit<ScopeServer, 'sn'>,
    reported: R[],
    releases: ReleaseIndex,
  ): Part<R>[] {
    const parts: Part<R>[] = [];
    const byKey = new Map(reported.map((row) => [row.component, row]));
    for (const kind of SERVER_FIRMWARE_KINDS) {
      const report = byKey.get(kind);
      const shipped = server.shipped[kind];
      const candidates = releases.get(`model:${server.modelId}:${kind}`) ?? [];
      if (!report && !shipped && candidates.length === 0) continue;
      parts.push({ id: { kind, pn: null, slot: null, key: kind }, report, shipped, candidates });
    }
    const reportedCards = reported.filter((row) => row.kind === 'PCIE');
    for (const row of reportedCards)
      parts.push({
        id: { kind: 'PCIE', pn: row.pn, slot: row.slot, key: row.component },
        report: row,
        shipped: undefined,
        candidates: releases.get(`pn:${row.pn}`) ?? [],
      });
    for (const pn of server.pcieParts) {
      if (reportedCards.some((row) => row.pn === pn)) continue;
      parts.push({
        id: { kind: 'PCIE', pn, slot: null, key: `PCIE:${pn}` },
        report: undefined,
        shipped: server.shipped[pn],
        candidates: releases.get(`pn:${pn}`) ?? [],
      });
    }
    return parts;
  }

  /** The worst state and counts of a server (or of every server running the same): what a page row shows. */
  private stateOf(server: Omit<ScopeServer, 'sn'> & { reported: PlainReport[] }, context: Context) {
    const counts = zeroCounts();
    const baseline = context.baselineOf.get(server.modelId);
    for (const part of this.partsOf(server, server.reported, context.releases)) {
      const installed = part.report?.version ?? part.shipped ?? null;
      counts[this.assess(part.id, installed, part.candidates, context, server, baseline).state]++;
    }
    return { state: COMPLIANCE_STATES.find((state) => counts[state] > 0) ?? 'unknown', counts };
  }

  private compute(server: ScopeServer, reported: Reported[], context: Context): ServerReport {
    const baseline = context.baselineOf.get(server.modelId);
    const components = this.partsOf(server, reported, context.releases).map((part) =>
      this.component(part, server, context, baseline),
    );
    const counts = zeroCounts();
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
    { id, report, shipped, candidates }: Part<Reported>,
    server: ScopeServer,
    context: Context,
    baseline?: Baseline,
  ): ComponentCompliance {
    const installed = report?.version ?? shipped ?? null;
    const { state, behind, target, pinned, affecting } = this.assess(
      id,
      installed,
      candidates,
      context,
      server,
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
    { advisories, locale }: Context,
    server: { modelId: number },
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
