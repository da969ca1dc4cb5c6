import { and, eq, gt, lt, sql } from 'drizzle-orm';
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
   * Adds `amount` (bytes of a quota, say) to `key` in a window of `windowMs`; a window that is
   * over starts again with `amount`. To take back what was added, `giveBack`. With `slide`, each
   * addition moves the window's end to `windowMs` from now: the key is forgotten that long after
   * the last one (places taken by work that may never give them back).
   */
  async add(
    key: string,
    amount: number,
    windowMs: number,
    options: { slide?: boolean } = {},
  ): Promise<CounterState> {
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
          expiresAt: options.slide
            ? sql`${end.toISOString()}::timestamptz`
            : sql`CASE WHEN ${expired} THEN ${end.toISOString()}::timestamptz ELSE ${rateLimitCounters.expiresAt} END`,
        },
      })
      .returning({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt });
    if (++this.hitsSinceSweep >= 500) {
      this.hitsSinceSweep = 0;
      await this.sweep();
    }
    return row ?? { count: amount, expiresAt: end };
  }

  /**
   * Takes `amount` back from the window `charged` (what `add` answered): a window that has ended
   * since, or been replaced by the next one, is left alone, so the next window never starts below
   * zero.
   */
  async giveBack(key: string, amount: number, charged: CounterState): Promise<void> {
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - ${amount}::bigint` })
      .where(
        and(
          eq(rateLimitCounters.key, key),
          eq(rateLimitCounters.expiresAt, charged.expiresAt),
          gt(rateLimitCounters.expiresAt, this.clock.now()),
        ),
      );
  }

  /**
   * Counts one attempt at `key` in one upsert that also checks it: once `max` attempts are
   * counted in the window (of `windowMs`, from the first), the attempt that reached `max` turns
   * the window into a lock of `lockMs` and every attempt until its end is refused (none answered:
   * `peek` tells until when). Answers the attempt's number and the window's end.
   */
  async attempt(
    key: string,
    limits: { max: number; windowMs: number; lockMs: number },
  ): Promise<CounterState | undefined> {
    const now = this.clock.now();
    const at = (ms: number) => sql`${new Date(now.getTime() + ms).toISOString()}::timestamptz`;
    const expired = sql`${rateLimitCounters.expiresAt} <= ${sql`${now.toISOString()}::timestamptz`}`;
    const firstEnd = limits.max <= 1 ? limits.lockMs : limits.windowMs;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 1, expiresAt: new Date(now.getTime() + firstEnd) })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
          expiresAt: sql`CASE WHEN ${expired} THEN ${at(firstEnd)} WHEN ${rateLimitCounters.count} + 1 >= ${limits.max} THEN ${at(limits.lockMs)} ELSE ${rateLimitCounters.expiresAt} END`,
        },
        setWhere: sql`${expired} OR ${rateLimitCounters.count} < ${limits.max}`,
      })
      .returning({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt });
    return row;
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
