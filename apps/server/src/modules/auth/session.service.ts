import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { accessVersion, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { generateToken, hashToken, isWellFormedToken } from './token';

export type SessionIdentity = { userId: number; sessionId: number };

/** A checked session and the access version it was checked at (the `x-access-version` header). */
export type AuthenticatedSession = SessionIdentity & { accessVersion: number };

/** Issues, checks and revokes the opaque bearer tokens. */
export class SessionService {
  /**
   * Runs before every signed-in request: prepared once, so neither the portal builds the SQL
   * nor PostgreSQL parses and plans it again for each request. It reads the access version (one
   * row, migration 0021) in the same query, so telling the console its menus changed costs no
   * query of its own, and every process reads the same number.
   */
  private readonly sessionByTokenHash;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {
    this.sessionByTokenHash = db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        frozen: users.frozen,
        accessVersion: accessVersion.version,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(accessVersion, eq(accessVersion.id, 1))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('session_by_token_hash');
  }

  async create(userId: number, meta: { ip: string; userAgent?: string }): Promise<string> {
    const token = generateToken();
    const now = this.clock.now();
    await this.db.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      ip: meta.ip,
      userAgent: meta.userAgent ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.ttlMs),
    });
    return token;
  }

  /** Turns an Authorization header into the signed-in identity, or the fitting 10110xx error. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedSession> {
    if (!authorization?.trim()) throw new AppError('TOKEN_EMPTY');
    const [scheme, token, ...rest] = authorization.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'bearer') throw new AppError('TOKEN_NOT_BEARER');
    if (!token || rest.length > 0 || !isWellFormedToken(token)) throw new AppError('TOKEN_INVALID');

    const [row] = await this.sessionByTokenHash.execute({ tokenHash: hashToken(token) });
    // An unknown but well-formed token is a session that no longer exists.
    if (!row) throw new AppError('LOGIN_EXPIRED');
    if (row.revokedAt || row.expiresAt <= this.clock.now()) throw new AppError('LOGIN_EXPIRED');
    if (row.frozen) throw new AppError('ACCOUNT_FROZEN');
    return { userId: row.userId, sessionId: row.sessionId, accessVersion: row.accessVersion };
  }

  /** Ends one session; with `userId` only when it belongs to that user. Answers how many ended (0 or 1). */
  async revoke(sessionId: number, userId?: number): Promise<number> {
    const one = eq(sessions.id, sessionId);
    return this.end(userId === undefined ? one : and(one, eq(sessions.userId, userId)));
  }

  /** Used when a password changes or an account is frozen: every other token stops working. */
  async revokeAllForUser(userId: number, exceptSessionId?: number): Promise<number> {
    const all = eq(sessions.userId, userId);
    return this.end(exceptSessionId === undefined ? all : and(all, ne(sessions.id, exceptSessionId)));
  }

  /** Ends the open sessions `which` selects; answers how many. */
  private async end(which: SQL | undefined): Promise<number> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(which, isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return ended.length;
  }
}
