import { FEED_PATH, FEED_TOKEN_PREFIX, type FeedTokenCreated, type FeedTokenStatus } from '@portal/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { feedTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { generateToken, hashToken } from '../auth/token';

/** `fwf_` + base64url of 32 bytes. */
const FEED_TOKEN_PATTERN = /^fwf_[A-Za-z0-9_-]{43}$/;
/** Feed readers poll every few minutes: last use is written at most this often. */
const LAST_USE_RESOLUTION_MS = 60_000;

type TokenRow = typeof feedTokens.$inferSelect;

/**
 * The private feed token of an account: one per user, shown once, stored as its SHA-256. A new
 * password or a frozen account deletes it (database trigger of migration 0023).
 */
export class FeedTokenService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async status(userId: number): Promise<FeedTokenStatus> {
    const [row] = await this.db.select().from(feedTokens).where(eq(feedTokens.userId, userId));
    return statusOf(row);
  }

  /** Creates the token, or replaces the old one (which stops working at once). */
  async create(userId: number): Promise<FeedTokenCreated> {
    const token = FEED_TOKEN_PREFIX + generateToken();
    const now = this.clock.now();
    const values = { userId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: null };
    const [row] = await this.db
      .insert(feedTokens)
      .values(values)
      .onConflictDoUpdate({ target: feedTokens.userId, set: values })
      .returning();
    return { ...statusOf(row), token, feedUrl: `${this.publicUrl}${FEED_PATH}?token=${token}` };
  }

  async revoke(userId: number): Promise<FeedTokenStatus> {
    await this.db.delete(feedTokens).where(eq(feedTokens.userId, userId));
    return statusOf(undefined);
  }

  /** The owner of a feed token, or 404 FEED_TOKEN_INVALID for a malformed, unknown or revoked one. */
  async ownerOf(token: string): Promise<number> {
    if (!FEED_TOKEN_PATTERN.test(token)) throw new AppError('FEED_TOKEN_INVALID');
    const [row] = await this.db
      .select({ userId: feedTokens.userId, lastUsedAt: feedTokens.lastUsedAt, frozen: users.frozen })
      .from(feedTokens)
      .innerJoin(users, eq(users.id, feedTokens.userId))
      .where(eq(feedTokens.tokenHash, hashToken(token)));
    if (!row || row.frozen) throw new AppError('FEED_TOKEN_INVALID');
    const now = this.clock.now();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) {
      const stale = new Date(now.getTime() - LAST_USE_RESOLUTION_MS);
      // Conditional, so concurrent polls write once.
      await this.db
        .update(feedTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(feedTokens.userId, row.userId),
            or(
              isNull(feedTokens.lastUsedAt),
              lt(feedTokens.lastUsedAt, sql`${stale.toISOString()}::timestamptz`),
            ),
          ),
        );
    }
    return row.userId;
  }
}

function statusOf(row: TokenRow | undefined): FeedTokenStatus {
  return {
    active: row !== undefined,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}
