import type { Locale } from '../locale.ts';
import { supportEnded } from './support.ts';
import type { AdvisoryFacts, Baseline, ComplianceContext, Release, ServerFacts } from './types.ts';
import type { InventoryKind } from './vocabulary.ts';

/*
 * What `fwportal audit --repo` compares servers with on an isolated network (issue 44 §2): the
 * customer's servers and everything the rules read about them, as the portal sees it for that
 * customer at sync time, signed with the portal's Ed25519 release key like the manifests. `fwportal
 * mirror sync` keeps it verbatim in each snapshot; the CLI checks the signature with the key pinned
 * at login and rebuilds the ComplianceContext with complianceContextOf, so the very rules the
 * portal runs (serverCompliance) run offline.
 */

export const OFFLINE_CONTEXT_FORMAT = 'portal-compliance-context/1';
/** GET with a token of scope `inventory`; `.sig` beside it is the detached Ed25519 signature. */
export const OFFLINE_CONTEXT_PATH = '/api/fleet/compliance-context.json';

/** One of the customer's servers: what serverCompliance needs, and its serial number and model. */
export type OfflineServer = ServerFacts & { sn: string; modelCode: string };

/** A Redfish SoftwareId staff recorded, and the component it stands for (GET /api/fleet/software-ids). */
export type OfflineSoftwareId = {
  softwareId: string;
  kind: InventoryKind;
  parts: string[];
  itemCode: string;
};

export type OfflineComplianceContext = {
  format: typeof OFFLINE_CONTEXT_FORMAT;
  keyId: string;
  origin: string;
  /** ISO 8601: when the portal built it (the releases and advisories known then). */
  generatedAt: string;
  servers: OfflineServer[];
  /** ReleaseIndex as an object: `model:<id>:<kind>` or `pn:<PN>` -> releases, oldest first. */
  releases: Record<string, Release[]>;
  advisories: AdvisoryFacts[];
  baselines: Baseline[];
  softwareIds: OfflineSoftwareId[];
  /**
   * End of security support (`YYYY-MM`, issue 43 §4) per model id, for the customer's models that
   * have one: judged at audit time, so a month that ends after the sync makes its servers
   * `unsupported` offline just as on the portal. Absent from files of older portals (none known).
   */
  supportEnds?: Record<string, string>;
};

/**
 * The rules' context from the signed document, in the language the targets' names are wanted in,
 * with the models past their end of security support at `now` (the audit's time, not the sync's).
 */
export function complianceContextOf(
  offline: OfflineComplianceContext,
  locale: Locale,
  now: Date,
): ComplianceContext {
  return {
    releases: new Map(Object.entries(offline.releases)),
    advisories: offline.advisories,
    baselineOf: new Map(offline.baselines.map((baseline) => [baseline.modelId, baseline])),
    locale,
    unsupportedModels: new Set(
      Object.entries(offline.supportEnds ?? {})
        .filter(([, end]) => supportEnded(end, now))
        .map(([modelId]) => Number(modelId)),
    ),
  };
}
