import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@portal/contract';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { RateCounters } from '../../lib/rate-limit/counters';

/**
 * What the lockout says about one sign-in attempt, decided before its password is hashed:
 * `locked` answers the lock at once; `counted` may be judged, and when it is the fifth guess in a
 * row `lockedUntil` is the lock it already set (a wrong password then answers that lock).
 */
export type AttemptSlot = { locked: Date } | { counted: true; lockedUntil: Date | null };

// Attempts at a name that does not exist are counted this long, as a real account's until a success.
const UNKNOWN_ACCOUNT_WINDOW_MS = 24 * 3_600_000;
// A lock that runs out between a refused reservation and the read of it is reserved again.
const RESERVE_TRIES = 3;

/**
 * The spec's lockout (5 failures in a row -> 5 minutes), counted when an attempt starts rather than
 * when its (slow) hash ends: one conditional row update both checks the lock and takes the
 * attempt's place, so of a burst sent at once only 5 guesses are judged and every later request,
 * the right password included, answers the lock. The fifth place sets the lock; the right password
 * lifts it (`release`).
 */
export class LoginLock {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Where attempts at accounts that do not exist are counted, so they lock alike. */
    private readonly counters: RateCounters,
  ) {}

  /** Takes the next attempt's place in `userId`'s count, or answers the live lock. */
  async reserve(userId: number): Promise<AttemptSlot> {
    for (let tries = 1; ; tries++) {
      const now = this.clock.now();
      const nowParam = sql`${now.toISOString()}::timestamptz`;
      const lockEnd = sql`${new Date(now.getTime() + LOGIN_LOCK_MS).toISOString()}::timestamptz`;
      // Only a row without a live lock is updated (the WHERE), so a lock still on it has run out:
      // a fresh count.
      const runOut = sql`${users.lockedUntil} IS NOT NULL`;
      const [slot] = await this.db
        .update(users)
        .set({
          failedLoginCount: sql`CASE WHEN ${runOut} THEN 1 ELSE ${users.failedLoginCount} + 1 END`,
          lockedUntil: sql`CASE WHEN ${runOut} THEN NULL WHEN ${users.failedLoginCount} + 1 >= ${LOGIN_MAX_FAILURES} THEN ${lockEnd} END`,
        })
        .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, nowParam))))
        .returning({ lockedUntil: users.lockedUntil });
      if (slot) return { counted: true, lockedUntil: slot.lockedUntil };
      const [lock] = await this.db
        .select({ until: users.lockedUntil })
        .from(users)
        .where(and(eq(users.id, userId), gt(users.lockedUntil, nowParam)));
      if (lock?.until) return { locked: lock.until };
      if (tries === RESERVE_TRIES) return { locked: new Date(now.getTime() + LOGIN_LOCK_MS) };
    }
  }

  /** The right password: the count starts again and a lock its own place set is lifted. */
  async release(userId: number): Promise<void> {
    await this.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
  }

  /**
   * The same count for a name that does not exist, in `rate_limit_counters`: no password is right,
   * so nothing releases it; the fifth attempt turns the counting window into the lock.
   */
  async reserveUnknown(account: string): Promise<AttemptSlot> {
    const key = `login-unknown:${account}`;
    for (let tries = 1; ; tries++) {
      const slot = await this.counters.attempt(key, {
        max: LOGIN_MAX_FAILURES,
        windowMs: UNKNOWN_ACCOUNT_WINDOW_MS,
        lockMs: LOGIN_LOCK_MS,
      });
      if (slot)
        return { counted: true, lockedUntil: slot.count >= LOGIN_MAX_FAILURES ? slot.expiresAt : null };
      const lock = await this.counters.peek(key);
      if (lock) return { locked: lock.expiresAt };
      if (tries === RESERVE_TRIES) return { locked: new Date(this.clock.now().getTime() + LOGIN_LOCK_MS) };
    }
  }
}
