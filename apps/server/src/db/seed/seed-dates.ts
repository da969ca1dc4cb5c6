/**
 * Demo dates are computed from the day of seeding, never written down, so the demo does not
 * expire: a maintenance period the demo means to be running is running whenever it is seeded,
 * and one it means to have ended has ended. Days are UTC calendar days, `YYYY-MM-DD`.
 */

import { DAY_MS } from '../../lib/clock';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The UTC calendar day of `now`: the day the demo data is seeded. */
export const seedDay = (now: Date): string =>
  isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The day `days` days after `day` (before it when negative). */
export const daysFrom = (day: string, days: number): string => isoDay(dayMs(day) + days * DAY_MS);

/** The same calendar day `years` years after `day` (29 February becomes 1 March). */
export function yearsFrom(day: string, years: number): string {
  const date = new Date(dayMs(day));
  return isoDay(Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate()));
}

/** Midnight (UTC) at the start of `day`. */
export const startOfDay = (day: string): Date => new Date(dayMs(day));
