import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rateLimitCounters } from '../../db/schema';
import type { Clock } from '../clock';

export type CounterState = { count: number; expiresAt: Date };

/**
 * Fixed-window counters in the database (`rate_limit_counters`), so a limit holds across every
 * portal process behind a load balancer. One upsert per hit: the window starts with the first
 * hit and a hit after its end starts a new one.
 */
export class RateCounters {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  /** Counts one hit of `key` in a window of `windowMs`; answers the count and the window's end. */
  async hit(key: string, windowMs: number): Promise<CounterState> {
    return this.add(key, 1, windowMs);
  }

  /**
   * Adds `amount` (bytes of a quota, or a negative amount to give back) to `key` in a window of
   * `windowMs`; a window that is over starts again with `amount`.
   */
  async add(key: string, amount: number, windowMs: number): Promise<CounterState> {
    const now = this.clock.now();
    const end = new Date(now.getTime() + windowMs);
    const nowParam = sql`${now.toISOString()}::timestamptz`;
    const expired = sql`${rateLimitCounters.expiresAt} <= ${nowParam}`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, count: amount, expiresAt: end })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN ${amount}::bigint ELSE ${rateLimitCounters.count} + ${amount}::bigint END`,
          expiresAt: sql`CASE WHEN ${expired} THEN ${end.toISOString()}::timestamptz ELSE ${rateLimitCounters.expiresAt} END`,
        },
      })
      .returning({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt });
    if (++this.hitsSinceSweep >= 500) {
      this.hitsSinceSweep = 0;
      await this.sweep();
    }
    return row ?? { count: amount, expiresAt: end };
  }

  /** The live state of `key`, or none when it never counted or its window is over. */
  async peek(key: string): Promise<CounterState | undefined> {
    const [row] = await this.db
      .select({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    return row && row.expiresAt > this.clock.now() ? row : undefined;
  }

  /** Starts `key` over with `count` until `expiresAt`. */
  async set(key: string, count: number, expiresAt: Date): Promise<void> {
    await this.db
      .insert(rateLimitCounters)
      .values({ key, count, expiresAt })
      .onConflictDoUpdate({ target: rateLimitCounters.key, set: { count, expiresAt } });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  }

  /** Drops the counters whose window is over (each process does now and then). */
  async sweep(): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, this.clock.now()));
  }
}
