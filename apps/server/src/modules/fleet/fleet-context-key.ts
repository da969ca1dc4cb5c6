import { createHash } from 'node:crypto';
import type { AdvisoryFacts, Baseline, ReleaseIndex } from '@portal/contract/compliance';

/**
 * Bump when the rule engine (`@portal/contract/compliance`) changes what it decides: every
 * stored state then counts as stale at the next request.
 */
// issue-43.2: the state under_investigation (the stored ranks moved: every state is recomputed).
const RULES = 'issue-43.2-investigation';

/**
 * What a scope's states are judged against, as one hash: per release list the version ids and
 * versions (the targets, how far behind, the pins), every visible advisory naming the scope's
 * models and cards (whole, as stored: a revision changes it), the baselines' pins, and the rules.
 * Anything that changes one of these (a publish, a recall, an embargo ending, an advisory
 * published or revised, a grant, a baseline pinned or removed) changes the hash.
 */
export function contextKeyOf(
  releases: ReleaseIndex,
  advisories: AdvisoryFacts[],
  baselines: Pick<Baseline, 'modelId' | 'versions'>[],
  /** Models past their end of security support: a month ending turns their servers unsupported. */
  unsupportedModels: Iterable<number> = [],
): string {
  const hash = createHash('sha256');
  hash.update(RULES);
  hash.update(JSON.stringify([...unsupportedModels].sort((a, b) => a - b)));
  for (const key of [...releases.keys()].sort())
    hash.update(
      JSON.stringify([key, releases.get(key)!.map((release) => [release.versionId, release.version])]),
    );
  for (const advisory of [...advisories].sort((a, b) =>
    a.advisoryId < b.advisoryId ? -1 : a.advisoryId > b.advisoryId ? 1 : 0,
  ))
    hash.update(JSON.stringify(advisory));
  for (const baseline of [...baselines].sort((a, b) => a.modelId - b.modelId))
    hash.update(
      JSON.stringify([
        baseline.modelId,
        Object.entries(baseline.versions).sort(([a], [b]) => (a < b ? -1 : 1)),
      ]),
    );
  return hash.digest('hex');
}
