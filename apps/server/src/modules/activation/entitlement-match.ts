import { versionSortKey, compareKeys } from '@portal/contract';

/**
 * The product's version order ('6.10.0' after '6.9.2', a pre-release before its release),
 * comparing keys only: spellings of one version ('1.0_1', '1.0.1') are the same range bound.
 */
export const compareVersions = (a: string, b: string) => compareKeys(versionSortKey(a), versionSortKey(b));

/** Whether `version` lies in the inclusive range; an empty bound is open. */
export function versionInRange(version: string, from: string, to: string): boolean {
  if (from !== '' && compareVersions(version, from) < 0) return false;
  if (to !== '' && compareVersions(version, to) > 0) return false;
  return true;
}

/** Whole days from `today` to `lastDay` (both YYYY-MM-DD, UTC): 0 on the last day, negative after. */
export function daysUntil(lastDay: string, today: Date): number {
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.parse(`${lastDay}T00:00:00Z`) - startOfToday) / 86_400_000);
}

/** A licence bound to a maintenance end is valid through that whole day (UTC). */
export const endOfDay = (lastDay: string) => new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000);
