import type { ComplianceState } from '@portal/contract';

/** The states the panel counts, worst first: each one a reason to open My servers. */
export const ATTENTION_STATES = [
  'vulnerable',
  'outdated',
  'unknown',
] as const satisfies readonly ComplianceState[];
export type AttentionState = (typeof ATTENTION_STATES)[number];

export type FleetAttention =
  /** The portal knows no server of this customer: nothing is known, so nothing is "current". */
  | { kind: 'noServers' }
  /** Every server's worst component is current (or newer than the catalogue). */
  | { kind: 'allCurrent'; total: number }
  | { kind: 'attention'; total: number; counts: Record<AttentionState, number> };

/**
 * What the fleet summary (servers per worst state) tells the customer. "All current" only when it
 * is known: a server whose versions cannot be judged (never reported, or unorderable) is
 * `unknown`, and counts as needing attention, not as current.
 */
export function fleetAttentionOf(
  summary: Partial<Record<ComplianceState, number>>,
  total: number,
): FleetAttention {
  if (total <= 0) return { kind: 'noServers' };
  const counts = {
    vulnerable: summary.vulnerable ?? 0,
    outdated: summary.outdated ?? 0,
    unknown: summary.unknown ?? 0,
  };
  // Servers the summary does not place in a judged state are unknown too (never "current").
  const judged =
    counts.vulnerable + counts.outdated + counts.unknown + (summary.current ?? 0) + (summary.newer ?? 0);
  counts.unknown += Math.max(0, total - judged);
  if (counts.vulnerable + counts.outdated + counts.unknown === 0) return { kind: 'allCurrent', total };
  return { kind: 'attention', total, counts };
}
