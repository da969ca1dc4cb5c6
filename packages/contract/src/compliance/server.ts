import type { ComponentCompliance } from '../inventory.ts';
import { assessComponent } from './assess.ts';
import { planUpdates } from './plan.ts';
import {
  type ComplianceContext,
  type ComponentPart,
  type ComponentReading,
  type PlainReading,
  type ReleaseIndex,
  releaseKey,
  type ServerFacts,
  type ServerReport,
} from './types.ts';
import { COMPLIANCE_STATES, type ComplianceState, SERVER_FIRMWARE_KINDS } from './vocabulary.ts';

/** Every state at 0. */
export const zeroCounts = () =>
  Object.fromEntries(COMPLIANCE_STATES.map((state) => [state, 0])) as Record<ComplianceState, number>;

/**
 * A server whose model is past its end of security support is `unsupported` where it would have
 * been unknown, newer or current: no fix will come for it (issue 43 §4). A worse state (vulnerable,
 * under investigation, outdated) stays: it says more.
 */
export const withSupport = (state: ComplianceState, modelId: number, context: ComplianceContext) =>
  context.unsupportedModels?.has(modelId) &&
  COMPLIANCE_STATES.indexOf(state) > COMPLIANCE_STATES.indexOf('unsupported')
    ? 'unsupported'
    : state;

/** A server's state: its worst component's (no component: unknown). */
export const worstOf = (states: ComplianceState[]): ComplianceState =>
  COMPLIANCE_STATES.find((state) => states.includes(state)) ?? 'unknown';

/**
 * The components a server has, in one order: each firmware kind it reported, was shipped with
 * or the catalogue offers for its model; each reported card; each installed card not reported.
 */
export function componentsOf<R extends PlainReading>(
  server: ServerFacts,
  readings: R[],
  releases: ReleaseIndex,
): ComponentPart<R>[] {
  const parts: ComponentPart<R>[] = [];
  const byKey = new Map(readings.map((row) => [row.component, row]));
  for (const kind of SERVER_FIRMWARE_KINDS) {
    const reading = byKey.get(kind);
    const shipped = server.shipped[kind];
    const candidates = releases.get(releaseKey({ modelId: server.modelId, kind })) ?? [];
    if (!reading && !shipped && candidates.length === 0) continue;
    parts.push({ id: { kind, pn: null, slot: null, key: kind }, reading, shipped, candidates });
  }
  const reportedCards = readings.filter((row) => row.kind === 'PCIE');
  for (const row of reportedCards)
    parts.push({
      id: { kind: 'PCIE', pn: row.pn, slot: row.slot, key: row.component },
      reading: row,
      shipped: undefined,
      candidates: releases.get(releaseKey({ pn: row.pn ?? '' })) ?? [],
    });
  for (const pn of server.pcieParts) {
    if (reportedCards.some((row) => row.pn === pn)) continue;
    parts.push({
      id: { kind: 'PCIE', pn, slot: null, key: `PCIE:${pn}` },
      reading: undefined,
      shipped: server.shipped[pn],
      candidates: releases.get(releaseKey({ pn })) ?? [],
    });
  }
  return parts;
}

/**
 * The worst state and the count per state of a server: what a page row shows, without building
 * each component (readings without dates suffice).
 */
export function serverState(
  server: ServerFacts,
  readings: PlainReading[],
  context: ComplianceContext,
): { state: ComplianceState; counts: Record<ComplianceState, number> } {
  const counts = zeroCounts();
  const baseline = context.baselineOf.get(server.modelId);
  for (const part of componentsOf(server, readings, context.releases)) {
    const installed = part.reading?.version ?? part.shipped ?? null;
    counts[assessComponent(part.id, installed, part.candidates, context, server.modelId, baseline).state]++;
  }
  const worst = COMPLIANCE_STATES.find((state) => counts[state] > 0) ?? 'unknown';
  return { state: withSupport(worst, server.modelId, context), counts };
}

/** One component with its reading, its verdict and its target (prerequisites not yet judged). */
export function componentCompliance(
  { id, reading, shipped, candidates }: ComponentPart<ComponentReading>,
  modelId: number,
  context: ComplianceContext,
): ComponentCompliance {
  const baseline = context.baselineOf.get(modelId);
  const installed = reading?.version ?? shipped ?? null;
  const { state, behind, target, pinned, affecting, investigating } = assessComponent(
    id,
    installed,
    candidates,
    context,
    modelId,
    baseline,
  );
  return {
    component: id.key,
    kind: id.kind,
    pn: id.pn,
    slot: id.slot,
    installed,
    source: reading ? reading.source : shipped ? 'shipping' : null,
    seenAt: reading?.seenAt ?? null,
    contradicts: reading?.contradicts ?? null,
    state,
    behind,
    target,
    baseline: pinned ? (baseline?.name ?? null) : null,
    advisories: affecting,
    investigating,
  };
}

/**
 * One server in full: every component's state, target and advisories, the server's worst state,
 * counts and last report, the components in install order with each target's prerequisites
 * judged against this server's own versions. What the detail, the exports, the bundles and
 * `fwportal` offline show.
 */
export function serverCompliance(
  server: ServerFacts & { sn: string; modelCode: string },
  readings: ComponentReading[],
  context: ComplianceContext,
): ServerReport {
  const components = componentsOf(server, readings, context.releases).map((part) =>
    componentCompliance(part, server.modelId, context),
  );
  const counts = zeroCounts();
  for (const component of components) counts[component.state]++;
  const seen = readings.map((row) => Date.parse(row.seenAt));
  return {
    sn: server.sn,
    model: server.modelCode,
    state: withSupport(worstOf(components.map((component) => component.state)), server.modelId, context),
    lastReport: seen.length > 0 ? new Date(Math.max(...seen)).toISOString() : null,
    counts,
    components: planUpdates(components),
  };
}
