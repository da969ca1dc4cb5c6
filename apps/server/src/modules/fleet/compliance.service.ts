import type { FleetPage, FleetQuery, FleetServerDetail, Locale } from '@portal/contract';
import { visibleText } from '@portal/contract';
import { type ComplianceContext, type ServerReport, serverCompliance } from '@portal/contract/compliance';
import { type OfflineContextParts, offlinePartsOf } from './offline-context';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { AdvisoryReaderService } from '../advisories';
import type { CatalogAccess } from '../catalog/catalog-access';
import { type Clock, systemClock } from '../../lib/clock';
import { releasesFor } from './fleet-catalogue.repository';
import { supportEndsOf, unsupportedModelsOf } from './fleet-support.repository';
import { type CompliancePaging, pageOfScope, refreshReportedStates } from './fleet-page';
import {
  baselinesOfScope,
  type FleetScope,
  organisationOf,
  organisationsWithFleets,
  readingsOf,
  scopeServers,
  viewerOfScope,
} from './fleet-scope.repository';

export type { ServerReport } from '@portal/contract/compliance';

const asScope = (scope: FleetScope | number): FleetScope =>
  typeof scope === 'number' ? { userId: scope } : scope;

/**
 * Fleet compliance (issue 34): for every server of a scope (a customer's own, or an organisation's
 * for staff) and each component, what is installed (the newest report, else what was shipped),
 * what the catalogue offers, and the state. The rules themselves (vulnerable, outdated, newer,
 * current, unknown; targets, baselines, prerequisites, install order) are the contract's pure
 * engine (`@portal/contract/compliance`), which `fwportal` bundles too; this service loads what
 * they read (the scope's servers, their reports, the releases, advisories and baselines the scope
 * may see) and answers with what they decide.
 *
 * Why it is never stale: exports, bundles and one server's detail (`fleet`, `server`) store
 * nothing: every call reads the reports, the published (not recalled) releases, the advisories
 * visible at this instant (an embargo that ended a second ago counts) and the baselines, and
 * computes from them. "My servers" (`page`) answers from states stored per scope and server
 * (fleet-page.ts over fleet-states.ts), recomputing the stale ones first.
 */
export class ComplianceService {
  private readonly paging: CompliancePaging;

  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
    private readonly advisories: AdvisoryReaderService,
    /** What "past its end of security support" is judged against (issue 43 §4). */
    private readonly clock: Clock = systemClock,
  ) {
    this.paging = {
      db,
      context: (scope, models, parts, locale) => this.context(scope, models, parts, locale),
    };
  }

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
   * answered from the stored states after recomputing the stale ones (fleet-page.ts).
   */
  page(scope: FleetScope | number, query: FleetQuery, locale: Locale): Promise<FleetPage> {
    return pageOfScope(this.paging, asScope(scope), query, locale);
  }

  /**
   * Right after a report committed: recomputes the states the reporter's scopes already store for
   * the reported servers (a head start; the caller lets a failure pass, fleet-page.ts).
   */
  refreshReported(userId: number, sns: string[]): Promise<void> {
    return refreshReportedStates(this.paging, userId, sns);
  }

  /** One server of the scope (any other SN: not found, like one never shipped). */
  async server(scope: FleetScope | number, sn: string, locale: Locale): Promise<FleetServerDetail> {
    const [found] = await this.reports(asScope(scope), locale, sn);
    // The message names the SN as typed, without characters that would make it read as another.
    if (!found) throw new AppError('SN_NOT_FOUND', { params: { sn: visibleText(sn) } });
    return found;
  }

  /**
   * What `fwportal audit --repo` judges this customer's servers with on an isolated network (issue
   * 44 §2): the servers and the very context `server` computes with (the cards they reported
   * included), for the rules to run offline; the route signs it.
   */
  async offlineContext(userId: number): Promise<OfflineContextParts> {
    const scope = asScope(userId);
    const servers = await scopeServers(this.db, scope);
    const readings = await readingsOf(
      this.db,
      servers.map((server) => server.sn),
    );
    const modelIds = [...new Set(servers.map((server) => server.modelId))];
    const [context, supportEnds] = await Promise.all([
      this.context(
        scope,
        modelIds,
        [
          ...servers.flatMap((server) => server.pcieParts),
          ...[...readings.values()].flat().flatMap((row) => (row.pn ? [row.pn] : [])),
        ],
        'en-US',
        // The file lists every advisory it holds, not only those marking a component: TLP:AMBER
        // ones that affect none of the caller's servers stay on the portal.
        userId,
      ),
      // The months themselves, not who is past them now: the audit judges them at its own time.
      supportEndsOf(this.db, modelIds),
    ]);
    return offlinePartsOf(servers, context, supportEnds);
  }

  /** Servers (or the one `sn`) with every component: full report rows, targets, advisories. */
  private async reports(scope: FleetScope, locale: Locale, sn?: string): Promise<ServerReport[]> {
    const servers = await scopeServers(this.db, scope, sn);
    const readings = await readingsOf(
      this.db,
      servers.map((server) => server.sn),
    );
    const context = await this.context(
      scope,
      servers.map((server) => server.modelId),
      [
        ...servers.flatMap((server) => server.pcieParts),
        ...[...readings.values()].flat().flatMap((row) => (row.pn ? [row.pn] : [])),
      ],
      locale,
    );
    return servers.map((server) => serverCompliance(server, readings.get(server.sn) ?? [], context));
  }

  /** What the servers of these models and cards are compared with, as the scope sees it now. */
  private async context(
    scope: FleetScope,
    models: number[],
    parts: string[],
    locale: Locale,
    /** Keep only the advisories this account may read (an offline file lists them all). */
    readerId?: number,
  ): Promise<ComplianceContext> {
    const modelIds = [...new Set(models)];
    const pns = [...new Set(parts)];
    const [releases, advisories, baselines, unsupportedModels] = await Promise.all([
      viewerOfScope(this.db, this.access, scope).then((viewer) =>
        releasesFor(this.db, this.access, viewer, modelIds, pns),
      ),
      this.advisories
        .naming(modelIds, pns)
        .then((rows) => (readerId === undefined ? rows : this.advisories.readableBy(readerId, rows))),
      baselinesOfScope(this.db, scope),
      unsupportedModelsOf(this.db, modelIds, this.clock.now()),
    ]);
    return {
      releases,
      advisories,
      baselineOf: new Map(baselines.map((baseline) => [baseline.modelId, baseline])),
      locale,
      unsupportedModels,
    };
  }
}
