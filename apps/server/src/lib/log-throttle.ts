import type { Clock } from './clock';

/**
 * Lets one log line per key through per period and counts the rest, so an outage (every request
 * failing the same way, hundreds a second) writes one warning per period and cause, saying how
 * many like it were held back since the last one. Keys are few (dependency x cause x error code),
 * so the map stays small.
 */
export class LogThrottle {
  private readonly periods = new Map<string, { until: number; suppressed: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly everyMs: number,
  ) {}

  /**
   * The number of lines held back for `key` since the last one let through, when this one may be
   * written; null when it is held back (and counted).
   */
  admit(key: string): number | null {
    const now = this.clock.now().getTime();
    const period = this.periods.get(key);
    if (period && now < period.until) {
      period.suppressed += 1;
      return null;
    }
    this.periods.set(key, { until: now + this.everyMs, suppressed: 0 });
    return period?.suppressed ?? 0;
  }
}
