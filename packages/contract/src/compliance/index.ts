/*
 * The compliance rule engine (`@portal/contract/compliance`): given a server's components and
 * readings and what its viewer may see (releases, advisories, baselines), each component's state,
 * target, advisories and prerequisites, the server's worst state and counts, in install order.
 * Pure and free of zod: the server computes "My servers", exports and bundles with it, and the
 * fwportal CLI bundles it to compute the same answer offline (packages/cli/build.mjs refuses a
 * bundle that would ship anything from node_modules). Only zod-free modules may be imported here.
 */
export {
  rowAffects,
  rowAffectsComponent,
  rowNames,
  rowStatusFor,
  rowStatusForComponent,
  rowVerdictFor,
} from './advisory-match.ts';
export { assessComponent } from './assess.ts';
export { missingUpdateOf, planUpdates, targetOf } from './plan.ts';
export {
  componentCompliance,
  componentsOf,
  serverCompliance,
  serverState,
  withSupport,
  worstOf,
  zeroCounts,
} from './server.ts';
export { supportEnded } from './support.ts';
export {
  type AdvisoryFacts,
  type AffectedRow,
  type Assessment,
  type Baseline,
  type ComplianceContext,
  type ComponentPart,
  type ComponentReading,
  type PlainReading,
  type Release,
  type ReleaseIndex,
  releaseKey,
  type ServerFacts,
  type ServerReport,
} from './types.ts';
export * from './offline-context.ts';
export * from './vocabulary.ts';
