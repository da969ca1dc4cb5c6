import type { ComplianceContext, OfflineComplianceContext, OfflineServer } from '@portal/contract/compliance';

/** The signed document without its envelope (format, key, origin, time, SoftwareIds): what compliance decides from. */
export type OfflineContextParts = Pick<
  OfflineComplianceContext,
  'servers' | 'releases' | 'advisories' | 'baselines'
>;

/**
 * The context as plain JSON, each record cut down to the fields the rules read: an advisory's
 * titles and texts, a baseline's owner and dates stay on the portal.
 */
export function offlinePartsOf(servers: OfflineServer[], context: ComplianceContext): OfflineContextParts {
  return {
    servers: servers.map(({ sn, modelId, modelCode, pcieParts, shipped }) => ({
      sn,
      modelId,
      modelCode,
      pcieParts,
      shipped,
    })),
    releases: Object.fromEntries(context.releases),
    advisories: context.advisories.map((advisory) => ({
      advisoryId: advisory.advisoryId,
      severity: advisory.severity,
      baseScore: advisory.baseScore,
      vulnerabilities: advisory.vulnerabilities.map((vulnerability) => ({ cve: vulnerability.cve })),
      affected: advisory.affected.map(({ modelId, pn, kind, affectedFrom, fixedIn }) => ({
        modelId,
        pn,
        kind,
        affectedFrom,
        fixedIn,
      })),
    })),
    baselines: [...context.baselineOf.values()].map(({ modelId, name, versions }) => ({
      modelId,
      name,
      versions,
    })),
  };
}
