import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@portal/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rateLimitCounters, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { RateCounters } from '../../lib/rate-limit/counters';

/**
 * What the lockout says about one sign-in attempt, decided before its password is hashed:
 * `locked` answers the lock at once (five wrong passwords came first); `busy` answers 429 until
 * `retryAt` (as many attempts are being hashed as guesses are left); `counted` may be judged, and
 * its verdict must be handed back (`failed` or `release`).
 */
export type AttemptSlot = { locked: Date } | { busy: Date } | { counted: true };

// Attempts at a name that does not exist are counted this long, as a real account's until a success.
const UNKNOWN_ACCOUNT_WINDOW_MS = 24 * 3_600_000;
// The places of attempts being hashed are forgotten this long after the last one was taken, so a
// process that stops in the middle of a hash leaves no place taken for good.
const HASHING_WINDOW_MS = 60_000;
// What a refused burst is told to wait: about one hash.
const BUSY_RETRY_MS = 1_000;

/**
 * The spec's lockout (5 failures in a row -> 5 minutes), safe under a burst: the failures in a row
 * (finished wrong passwords) and the attempts still being hashed together never exceed 5. An
 * attempt takes a place among those being hashed before its hash starts, and gives it back when
 * its verdict is in; when no place is left it is answered 429 with Retry-After, not the lock.
 * So of a burst of guesses only 5 are judged, and a right password is answered "locked" only
 * after five wrong ones came first (issue 32 §1, issue 42 §5). The fifth failure sets the lock;
 * the right password starts the count again (`release`).
 *
 * The failures are counted in `users` (for names that do not exist in `rate_limit_counters`, so
 * they lock alike); the places being hashed in `rate_limit_counters`. Each is changed before the
 * other is read (a place taken, then the failures read; a failure counted, then its place given
 * back), so a race counts an attempt twice at worst, never not at all.
 */
export class LoginLock {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Where attempts at accounts that do not exist are counted, so they lock alike. */
    private readonly counters: RateCounters,
  ) {}

  /** Takes a place for the next attempt at `userId`, or answers the live lock or a wait. */
  async reserve(userId: number): Promise<AttemptSlot> {
    const key = hashingKey('user', String(userId));
    const hashing = await this.takePlace(key);
    const now = this.clock.now();
    const [row] = await this.db
      .select({ failures: users.failedLoginCount, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.id, userId));
    const lockedUntil = row?.lockedUntil ?? null;
    if (lockedUntil && lockedUntil > now) return this.refuse(key, { locked: lockedUntil });
    // A lock that has run out leaves a fresh count.
    const failures = lockedUntil ? 0 : (row?.failures ?? 0);
    return this.judgeOrWait(key, failures, hashing);
  }

  /** A wrong password at `userId`: counts the failure; answers the lock when it is the fifth. */
  async failed(userId: number): Promise<Date | null> {
    const now = this.clock.now();
    const nowParam = sql`${now.toISOString()}::timestamptz`;
    const lockEnd = sql`${new Date(now.getTime() + LOGIN_LOCK_MS).toISOString()}::timestamptz`;
    const live = sql`${users.lockedUntil} > ${nowParam}`;
    const runOut = sql`${users.lockedUntil} IS NOT NULL`;
    const count = sql`CASE WHEN ${live} THEN ${users.failedLoginCount} WHEN ${runOut} THEN 1 ELSE ${users.failedLoginCount} + 1 END`;
    const [row] = await this.db
      .update(users)
      .set({
        failedLoginCount: count,
        lockedUntil: sql`CASE WHEN ${live} THEN ${users.lockedUntil} WHEN ${count} >= ${LOGIN_MAX_FAILURES} THEN ${lockEnd} END`,
      })
      .where(eq(users.id, userId))
      .returning({ lockedUntil: users.lockedUntil });
    await this.givePlaceBack(hashingKey('user', String(userId)));
    return row?.lockedUntil ?? null;
  }

  /** The right password: the count starts again and its place is given back. */
  async release(userId: number): Promise<void> {
    await this.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
    await this.givePlaceBack(hashingKey('user', String(userId)));
  }

  /**
   * The same for a name that does not exist, counted in `rate_limit_counters`: no password is
   * right, so nothing releases it; the fifth failure turns the counting window into the lock.
   */
  async reserveUnknown(account: string): Promise<AttemptSlot> {
    const key = hashingKey('name', account);
    const hashing = await this.takePlace(key);
    const state = await this.counters.peek(unknownKey(account));
    const failures = state?.count ?? 0;
    if (state && failures >= LOGIN_MAX_FAILURES) return this.refuse(key, { locked: state.expiresAt });
    return this.judgeOrWait(key, failures, hashing);
  }

  /** A wrong guess at a name that does not exist, as `failed`. */
  async failedUnknown(account: string): Promise<Date | null> {
    const limits = { max: LOGIN_MAX_FAILURES, windowMs: UNKNOWN_ACCOUNT_WINDOW_MS, lockMs: LOGIN_LOCK_MS };
    const slot = await this.counters.attempt(unknownKey(account), limits);
    // No count taken: the name is locked already (by an attempt counted twice in a race).
    const state = slot ?? (await this.counters.peek(unknownKey(account)));
    await this.givePlaceBack(hashingKey('name', account));
    if (!state) return null;
    return !slot || state.count >= LOGIN_MAX_FAILURES ? state.expiresAt : null;
  }

  private async judgeOrWait(key: string, failures: number, hashing: number): Promise<AttemptSlot> {
    if (failures + hashing <= LOGIN_MAX_FAILURES) return { counted: true };
    return this.refuse(key, { busy: new Date(this.clock.now().getTime() + BUSY_RETRY_MS) });
  }

  private async refuse(key: string, slot: AttemptSlot): Promise<AttemptSlot> {
    await this.givePlaceBack(key);
    return slot;
  }

  /** One more attempt being hashed under `key`; answers how many are, this one included. */
  private async takePlace(key: string): Promise<number> {
    const { count } = await this.counters.add(key, 1, HASHING_WINDOW_MS, { slide: true });
    return Number(count);
  }

  private async givePlaceBack(key: string): Promise<void> {
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`GREATEST(${rateLimitCounters.count} - 1, 0)` })
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.expiresAt, this.clock.now())));
  }
}

const hashingKey = (kind: 'user' | 'name', id: string) => `login-hashing:${kind}:${id}`;
const unknownKey = (account: string) => `login-unknown:${account}`;
