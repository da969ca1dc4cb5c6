import type { ComponentCompliance } from '../inventory.ts';
import { compareVersions as compareVersionsOnce, isOrderableVersion } from '../version-order.ts';
import { rowStatusForComponent } from './advisory-match.ts';
import { targetOf } from './plan.ts';
import type { Assessment, Baseline, ComplianceContext, Release } from './types.ts';
import { ADVISORY_SEVERITIES, type ComplianceState, type InventoryKind } from './vocabulary.ts';

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

const highestFirst = (a: AdvisoryRef, b: AdvisoryRef) =>
  ADVISORY_SEVERITIES.indexOf(a.severity) - ADVISORY_SEVERITIES.indexOf(b.severity) ||
  b.baseScore - a.baseScore;

type AdvisoryRef = ComponentCompliance['investigating'][number];

/**
 * The visible advisories whose range holds this component's version, highest severity first:
 * those saying it is affected (`known_affected`, with their fix), and apart those still
 * investigating it (`under_investigation`, issue 43 §2). An advisory with both kinds of rows for
 * the component counts as affecting it.
 */
function advisoriesOf(
  id: { kind: InventoryKind; pn: string | null },
  installed: string,
  modelId: number,
  context: ComplianceContext,
): Pick<Assessment, 'affecting' | 'investigating'> {
  const affecting: Assessment['affecting'] = [];
  const investigating: Assessment['investigating'] = [];
  for (const advisory of context.advisories) {
    const said = advisory.affected.map((row) => ({
      row,
      status: rowStatusForComponent(row, id, modelId, installed),
    }));
    const reference = {
      advisoryId: advisory.advisoryId,
      severity: advisory.severity,
      baseScore: advisory.baseScore,
      cves: advisory.vulnerabilities.map((vulnerability) => vulnerability.cve),
    };
    const affected = said.find(({ status }) => status === 'known_affected');
    // Only known_affected rows affect, and those always name their fix.
    if (affected) affecting.push({ ...reference, fixedIn: affected.row.fixedIn ?? '' });
    else if (said.some(({ status }) => status === 'under_investigation')) investigating.push(reference);
  }
  return { affecting: affecting.sort(highestFirst), investigating: investigating.sort(highestFirst) };
}

/**
 * What decides a component's state, from its installed version and what the catalogue, the
 * advisories and the baseline say:
 * - vulnerable: a visible advisory naming the component (model kind, or the card's part number)
 *   holds the version in its range as `known_affected`;
 * - under_investigation: else, one holds it as `under_investigation` (the vendor does not know
 *   yet; see COMPLIANCE_STATES for why it ranks between vulnerable and outdated);
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
  const { affecting, investigating } = orderable
    ? advisoriesOf(id, installed, modelId, context)
    : { affecting: [], investigating: [] };
  let state: ComplianceState = 'unknown';
  let behind = 0;
  if (affecting.length > 0) state = 'vulnerable';
  else if (investigating.length > 0) state = 'under_investigation';
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
    investigating,
    target: target ? targetOf(target, context.locale) : null,
  };
  memo.set(key, answer);
  return answer;
}
