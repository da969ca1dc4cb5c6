/** Natural order for versions ('6.10.0' after '6.9.2'), the order staff write ranges in. */
export const compareVersions = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

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
