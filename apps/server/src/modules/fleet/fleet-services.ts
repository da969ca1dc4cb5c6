import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { RateCounters } from '../../lib/rate-limit/counters';
import type { AdvisoryReaderService } from '../advisories';
import type { CatalogAccess } from '../catalog/catalog-access';
import { MirrorResolver } from '../tasks/mirror-resolve';
import { BaselineService } from './baseline.service';
import { ComplianceService } from './compliance.service';
import { FleetService } from './fleet-resolve.service';
import { InstalledBaseService } from './installed-base.service';
import { InventoryService } from './inventory.service';
import { ReportBudget } from './report-budget';
import { SoftwareIdService } from './software-id.service';
import type { InventoryParse } from './upload-parser';

export { pruneReportHistory } from './report-history.repository';

export type FleetServices = {
  /** The fleet resolve call: SN -> model -> newest firmware per kind. */
  fleet: FleetService;
  /** Installed firmware reports and fleet compliance (issue 34). */
  inventory: InventoryService;
  compliance: ComplianceService;
  baselines: BaselineService;
  installedBase: InstalledBaseService;
  /** Redfish SoftwareIds recorded on catalogue items, for `fwportal audit`. */
  softwareIds: SoftwareIdService;
};

/**
 * Wires the fleet module (issues 34, 40): reports, compliance, baselines, the installed base, SN
 * resolve and SoftwareIds. A stored report gives the reporter's stored states a head start
 * (`ComplianceService.refreshReported`); its failure is logged, never the report's.
 */
export function createFleetServices(
  config: Pick<Config, 'INVENTORY_REPORT_BUDGET_PER_DAY'>,
  deps: {
    db: Db;
    clock: Clock;
    log: FastifyBaseLogger;
    catalogAccess: CatalogAccess;
    rateCounters: RateCounters;
    advisoryReader: AdvisoryReaderService;
    /** How uploaded inventory files are read (parseInventoryFile unless a test says otherwise). */
    inventoryParse?: InventoryParse;
  },
): FleetServices {
  const { db, clock, log, catalogAccess, advisoryReader } = deps;
  const compliance = new ComplianceService(db, catalogAccess, advisoryReader, clock);
  return {
    fleet: new FleetService(catalogAccess, new MirrorResolver(db, catalogAccess)),
    inventory: new InventoryService(
      db,
      clock,
      new ReportBudget(deps.rateCounters, config.INVENTORY_REPORT_BUDGET_PER_DAY),
      (userId, sns) =>
        compliance
          .refreshReported(userId, sns)
          .catch((err: unknown) =>
            log.warn({ err, userId }, 'stored fleet states not refreshed after a report'),
          ),
      deps.inventoryParse,
    ),
    compliance,
    baselines: new BaselineService(db, clock, catalogAccess),
    installedBase: new InstalledBaseService(db, advisoryReader),
    softwareIds: new SoftwareIdService(db, catalogAccess),
  };
}
