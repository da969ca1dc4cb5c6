import type { ComplianceContext, OfflineComplianceContext, OfflineServer } from '@portal/contract/compliance';

/** The signed document without its envelope (format, key, origin, time, SoftwareIds): what compliance decides from. */
export type OfflineContextParts = Pick<
  OfflineComplianceContext,
  'servers' | 'releases' | 'advisories' | 'baselines' | 'supportEnds'
>;

/**
 * The context as plain JSON, each record cut down to the fields the rules read: an advisory's
 * titles and texts, a baseline's owner and dates stay on the portal.
 */
export function offlinePartsOf(
  servers: OfflineServer[],
  context: ComplianceContext,
  /** End of security support per model of these servers, where one is set (issue 43 §4). */
  supportEnds: ReadonlyMap<number, string>,
): OfflineContextParts {
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
      // The VEX status too: without it every row reads as known_affected offline, and a product
      // not affected or under investigation would be called vulnerable (issue 43 §2).
      affected: advisory.affected.map(({ modelId, pn, kind, affectedFrom, fixedIn, status }) => ({
        modelId,
        pn,
        kind,
        affectedFrom,
        fixedIn,
        ...(status ? { status } : {}),
      })),
    })),
    baselines: [...context.baselineOf.values()].map(({ modelId, name, versions }) => ({
      modelId,
      name,
      versions,
    })),
    // Only the models of these servers: the file says nothing of the rest of the catalogue.
    supportEnds: Object.fromEntries(
      [...new Set(servers.map((server) => server.modelId))].flatMap((modelId) => {
        const end = supportEnds.get(modelId);
        return end ? [[String(modelId), end]] : [];
      }),
    ),
  };
}
