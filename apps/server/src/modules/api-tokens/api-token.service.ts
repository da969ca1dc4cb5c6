import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_ACCOUNT,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenRevokeReason,
  type ApiTokenScope,
} from '@portal/contract';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { apiTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { generateToken, hashToken } from '../auth/token';
import { DAY_MS } from '../../lib/clock';

/** Last use is written at most this often per token, so a busy script does not write on every call. */
const LAST_USE_RESOLUTION_MS = 60_000;
/** `fwp_` + base64url of 32 bytes. */
const API_TOKEN_PATTERN = /^fwp_[A-Za-z0-9_-]{43}$/;

export type TokenIdentity = { userId: number; tokenId: number };

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

type TokenRow = typeof apiTokens.$inferSelect;

/** Personal access tokens: created by their owner, shown once, stored as a digest, revocable. */
export class ApiTokenService {
  private readonly byHash;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.byHash = db
      .select({
        id: apiTokens.id,
        userId: apiTokens.userId,
        scopes: apiTokens.scopes,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        lastUsedAt: apiTokens.lastUsedAt,
        frozen: users.frozen,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('api_token_by_hash');
  }

  async create(userId: number, input: ApiTokenCreate): Promise<ApiTokenCreated> {
    const now = this.clock.now();
    const token = API_TOKEN_PREFIX + generateToken();
    const row = await this.db.transaction(async (tx) => {
      // The owner's row is locked so that concurrent creations count one after the other.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      await this.assertRoomFor(userId, tx);
      const [inserted] = await tx
        .insert(apiTokens)
        .values({
          userId,
          name: input.name,
          tokenHash: hashToken(token),
          prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
          scopes: [...input.scopes],
          createdAt: now,
          expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        })
        .returning();
      return inserted;
    });
    if (!row) throw new Error('insert returned no row');
    return { ...this.toApiToken(row), token };
  }

  /**
   * API_TOKEN_LIMIT when the user already holds API_TOKENS_PER_ACCOUNT active tokens: checked when
   * a token is made, and when a device sign-in is approved (so the person learns it there, not
   * the command line after the code is spent).
   */
  async assertRoomFor(userId: number, tx: Pick<Db, 'select'> = this.db): Promise<void> {
    const [active] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.userId, userId),
          isNull(apiTokens.revokedAt),
          gt(apiTokens.expiresAt, this.clock.now()),
        ),
      );
    if ((active?.n ?? 0) >= API_TOKENS_PER_ACCOUNT)
      throw new AppError('API_TOKEN_LIMIT', { params: { max: API_TOKENS_PER_ACCOUNT } });
  }

  /** The user's tokens, newest first, revoked and expired ones included (they explain a 401). */
  async list(userId: number): Promise<ApiToken[]> {
    const rows = await this.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    return rows.map((row) => this.toApiToken(row));
  }

  /** Revokes one token of `userId`; 404 for a token of anyone else, as for one that never existed. */
  async revoke(
    userId: number,
    tokenId: number,
    reason: ApiTokenRevokeReason,
    /** A transaction to join (staff revocations are audited in the same one). */
    tx: Pick<Db, 'update'> = this.db,
  ): Promise<ApiToken> {
    const [row] = await tx
      .update(apiTokens)
      .set({
        revokedAt: sql`coalesce(${apiTokens.revokedAt}, ${this.clock.now().toISOString()}::timestamptz)`,
        revokedReason: sql`coalesce(${apiTokens.revokedReason}, ${reason})`,
      })
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
      .returning();
    if (!row) throw new AppError('API_TOKEN_NOT_FOUND');
    return this.toApiToken(row);
  }

  /** On a password change or reset and on freezing: every token of the account stops at once. */
  async revokeAllForUser(userId: number, reason: ApiTokenRevokeReason): Promise<number> {
    const ended = await this.db
      .update(apiTokens)
      .set({ revokedAt: this.clock.now(), revokedReason: reason })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return ended.length;
  }

  /**
   * The owner of a token allowed to do `scope`, or the error a client can act on: 401 1026003
   * for a malformed, unknown, expired or revoked token, 403 for a frozen account or a missing scope.
   */
  async authenticate(token: string, scope: ApiTokenScope, ip: string): Promise<TokenIdentity> {
    if (!API_TOKEN_PATTERN.test(token)) throw new AppError('API_TOKEN_INVALID');
    const [row] = await this.byHash.execute({ tokenHash: hashToken(token) });
    const now = this.clock.now();
    if (!row || row.revokedAt || row.expiresAt <= now) throw new AppError('API_TOKEN_INVALID');
    if (row.frozen) throw new AppError('ACCOUNT_FROZEN');
    if (!row.scopes.includes(scope)) throw new AppError('API_TOKEN_SCOPE_MISSING', { params: { scope } });
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS)
      await this.db
        .update(apiTokens)
        .set({ lastUsedAt: now, lastUsedIp: ip.slice(0, 64) })
        .where(
          and(
            eq(apiTokens.id, row.id),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USE_RESOLUTION_MS)),
            ),
          ),
        );
    return { userId: row.userId, tokenId: row.id };
  }

  private toApiToken(row: TokenRow): ApiToken {
    const now = this.clock.now();
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes as ApiTokenScope[],
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      lastUsedIp: row.lastUsedIp,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      revokedReason: (row.revokedReason as ApiTokenRevokeReason | null) ?? null,
      state: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
    };
  }
}
