import type { ComplianceState } from '@portal/contract';

/**
 * The states the panel counts, worst first: each one a reason to open My servers. Every state but
 * current and newer: a server under investigation (issue 43 §2) or past its model's end of security
 * support (§4) needs the customer too, and must not be counted as unknown.
 */
export const ATTENTION_STATES = [
  'vulnerable',
  'under_investigation',
  'outdated',
  'unsupported',
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
  const counts = Object.fromEntries(ATTENTION_STATES.map((state) => [state, summary[state] ?? 0])) as Record<
    AttentionState,
    number
  >;
  const needing = () => ATTENTION_STATES.reduce((sum, state) => sum + counts[state], 0);
  // Servers the summary does not place in a judged state are unknown too (never "current").
  const judged = needing() + (summary.current ?? 0) + (summary.newer ?? 0);
  counts.unknown += Math.max(0, total - judged);
  if (needing() === 0) return { kind: 'allCurrent', total };
  return { kind: 'attention', total, counts };
}
