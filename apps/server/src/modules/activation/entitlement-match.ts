import { versionSortKey, compareKeys } from '@portal/contract';
import { DAY_MS } from '../../lib/clock';

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
  return Math.round((Date.parse(`${lastDay}T00:00:00Z`) - startOfToday) / DAY_MS);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The instant a licence valid through `lastDay` (YYYY-MM-DD, inclusive) expires: when that day
 * has ended in every time zone, i.e. 00:00 of the next day at UTC-12. A day is a calendar day
 * wherever the licensed machine is: staff in UTC+8 who pick 2026-12-31 mean the machine runs all
 * of 2026-12-31, in its zone too (issue 18 §3). Before, a licence expired at the end of the day in
 * UTC, 19:00 of its last day in UTC-5.
 */
export const endOfDay = (lastDay: string) => new Date(Date.parse(`${lastDay}T00:00:00Z`) + DAY + 12 * HOUR);

/**
 * The last day (YYYY-MM-DD) a stored expiry covers: the inverse of {@link endOfDay}, and right
 * for the licences issued before it too (which expired at the end of the day in UTC).
 */
export const lastDayOf = (expiresAt: Date) =>
  new Date(expiresAt.getTime() - 12 * HOUR - 1).toISOString().slice(0, 10);

/** The UTC calendar day `days` days after the day of `now`. */
export const dayAfter = (now: Date, days: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY)
    .toISOString()
    .slice(0, 10);
