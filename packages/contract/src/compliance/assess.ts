import type { ComponentCompliance } from '../inventory';
import { compareVersions as compareVersionsOnce, isOrderableVersion } from '../version-order';
import { rowAffectsComponent } from './advisory-match';
import { targetOf } from './plan';
import type { Assessment, Baseline, ComplianceContext, Release } from './types';
import { ADVISORY_SEVERITIES, type ComplianceState, type InventoryKind } from './vocabulary';

/** Assessments of one computation, by its context (a context is never changed once used). */
const assessed = new WeakMap<ComplianceContext, Map<string, Assessment>>();

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

/** The visible advisories whose range holds this component's version, highest severity first. */
function affectingOf(
  id: { kind: InventoryKind; pn: string | null },
  installed: string,
  modelId: number,
  context: ComplianceContext,
): ComponentCompliance['advisories'] {
  const affecting = context.advisories.flatMap((advisory) =>
    advisory.affected
      .filter((row) => rowAffectsComponent(row, id, modelId, installed))
      .slice(0, 1)
      .map((row) => ({
        advisoryId: advisory.advisoryId,
        severity: advisory.severity,
        baseScore: advisory.baseScore,
        cves: advisory.vulnerabilities.map((vulnerability) => vulnerability.cve),
        // Only known_affected rows affect, and those always name their fix.
        fixedIn: row.fixedIn ?? '',
      })),
  );
  return affecting.sort(
    (a, b) =>
      ADVISORY_SEVERITIES.indexOf(a.severity) - ADVISORY_SEVERITIES.indexOf(b.severity) ||
      b.baseScore - a.baseScore,
  );
}

/**
 * What decides a component's state, from its installed version and what the catalogue, the
 * advisories and the baseline say:
 * - vulnerable: a visible advisory naming the component (model kind, or the card's part number)
 *   holds the version in its range;
 * - outdated: older than the target (`behind`: releases after it up to the target);
 * - newer: ahead of the target (a pre-release, or a baseline pinned below what runs);
 * - current: the target itself;
 * - unknown: nothing installed is known, nothing to compare with, or a version the catalogue
 *   cannot order (never guessed as outdated).
 * The target is the baseline's pin for the component when the pinned version is still released,
 * else the newest release. Servers of one model share most versions: the answer is remembered per
 * context, model, component and version, so 10,000 servers cost a few hundred assessments.
 */
export function assessComponent(
  id: { kind: InventoryKind; pn: string | null },
  installed: string | null,
  candidates: Release[],
  context: ComplianceContext,
  modelId: number,
  baseline?: Baseline,
): Assessment {
  const memo = assessed.get(context) ?? new Map<string, Assessment>();
  assessed.set(context, memo);
  const key = `${modelId}\u0000${id.kind}\u0000${id.pn}\u0000${installed}\u0000${baseline?.name}`;
  const known = memo.get(key);
  if (known) return known;
  // A baseline's pin for this component (model kind, or the card's part number) is the target.
  const pinnedId = baseline?.versions[id.kind === 'PCIE' ? `PCIE:${id.pn}` : id.kind];
  const pinned =
    pinnedId === undefined ? undefined : candidates.find((release) => release.versionId === pinnedId);
  const target = pinned ?? candidates.at(-1) ?? null;
  const orderable = installed !== null && isOrderableVersion(installed);
  const affecting = orderable ? affectingOf(id, installed, modelId, context) : [];
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
    target: target ? targetOf(target, context.locale) : null,
  };
  memo.set(key, answer);
  return answer;
}
