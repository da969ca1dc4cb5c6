import {
  type ApiTokenCreate,
  type ApiTokenScope,
  DEVICE_CODE_ATTEMPT_WINDOW_MS,
  DEVICE_CODE_ATTEMPTS,
  DEVICE_CODE_TTL_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  DEVICE_VERIFICATION_PATH,
  type DeviceCode,
  type DeviceRequest,
  type DeviceToken,
  type DeviceTokenErrorBody,
  formatUserCode,
  visibleText,
} from '@portal/contract';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { deviceAuthorizations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateCounters } from '../../lib/rate-limit/counters';
import type { ApiTokenService } from '../api-tokens/api-token.service';
import { generateToken, hashToken } from '../auth/token';
import { generateUserCode } from './user-code';

type Row = typeof deviceAuthorizations.$inferSelect;
export type DeviceClient = {
  clientId: string;
  clientHost: string;
  ip: string;
  userAgent: string;
  requestedScopes: ApiTokenScope[];
  requestedDays: number | undefined;
};
export type PollAnswer = { token: DeviceToken } | { error: DeviceTokenErrorBody };

/** Rows are kept this long after they expire (a late poll answers expired_token, not invalid_grant). */
const KEEP_EXPIRED_MS = 3_600_000;
/** Tries at a user code not yet taken (20^8 codes: a second try is already rare). */
const USER_CODE_TRIES = 5;

/**
 * The device authorization grant (RFC 8628) for command-line clients: a client asks for a code,
 * a signed-in person approves or denies it, the client polls until it gets a token once.
 */
export class DeviceAuthService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly apiTokens: ApiTokenService,
    private readonly counters: RateCounters,
    /** PUBLIC_URL, where the console is. */
    private readonly publicUrl: string,
    /** The interval a new code asks for: RFC 8628's 5 s unless a test lowers it (slow_down adds 5 s). */
    private readonly options: { pollSeconds: number } = { pollSeconds: DEVICE_POLL_INTERVAL_SECONDS },
  ) {}

  /** RFC 8628 §3.1-3.2: a new pair of codes for `client`. */
  async request(client: DeviceClient): Promise<DeviceCode> {
    const now = this.clock.now();
    await this.db
      .delete(deviceAuthorizations)
      .where(lt(deviceAuthorizations.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
    const deviceCode = generateToken();
    for (let attempt = 1; ; attempt += 1) {
      const userCode = generateUserCode();
      const [row] = await this.db
        .insert(deviceAuthorizations)
        .values({
          deviceCodeHash: hashToken(deviceCode),
          userCodeHash: hashToken(userCode),
          // Shown to the person who approves: without bidi or zero-width characters, so
          // `demo-laptop\u202Egnp.exe` cannot read as `demo-laptopexe.png` (issue 40 §3).
          clientId: visibleText(client.clientId),
          clientHost: visibleText(client.clientHost),
          clientIp: client.ip.slice(0, 64),
          userAgent: visibleText(client.userAgent).slice(0, 256),
          createdAt: now,
          expiresAt: new Date(now.getTime() + DEVICE_CODE_TTL_SECONDS * 1000),
          requestedScopes: client.requestedScopes,
          requestedDays: client.requestedDays ?? null,
          intervalSeconds: this.options.pollSeconds,
        })
        .onConflictDoNothing()
        .returning({ id: deviceAuthorizations.id });
      if (!row && attempt < USER_CODE_TRIES) continue;
      if (!row) throw new Error('no free user code');
      const shown = formatUserCode(userCode);
      const page = `${this.publicUrl}${DEVICE_VERIFICATION_PATH}`;
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: page,
        verification_uri_complete: `${page}?${new URLSearchParams({ user_code: shown })}`,
        expires_in: DEVICE_CODE_TTL_SECONDS,
        interval: this.options.pollSeconds,
      };
    }
  }

  /** RFC 8628 §3.4-3.5: the token once approved, else why not (yet). */
  async poll(deviceCode: string): Promise<PollAnswer> {
    const now = this.clock.now();
    const [row] = await this.db
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.deviceCodeHash, hashToken(deviceCode)));
    if (!row || row.status === 'issued') return { error: { error: 'invalid_grant' } };
    if (row.expiresAt <= now) return { error: { error: 'expired_token' } };
    const slowDown = await this.notePoll(row, now);
    if (slowDown) return slowDown;
    if (row.status === 'denied') return { error: { error: 'access_denied' } };
    if (row.status !== 'approved') return { error: { error: 'authorization_pending' } };
    return this.issue(row, now);
  }

  /**
   * Records this poll; a poll sooner than the interval after the last one answers slow_down and
   * lengthens the interval by 5 seconds (RFC 8628 §3.5). One conditional update, so concurrent
   * polls cannot both pass.
   */
  private async notePoll(row: Row, now: Date): Promise<PollAnswer | undefined> {
    const nowParam = sql`${now.toISOString()}::timestamptz`;
    const [kept] = await this.db
      .update(deviceAuthorizations)
      .set({ lastPolledAt: now })
      .where(
        and(
          eq(deviceAuthorizations.id, row.id),
          or(
            isNull(deviceAuthorizations.lastPolledAt),
            lte(
              deviceAuthorizations.lastPolledAt,
              sql`${nowParam} - make_interval(secs => ${deviceAuthorizations.intervalSeconds})`,
            ),
          ),
        ),
      )
      .returning({ id: deviceAuthorizations.id });
    if (kept) return undefined;
    const [slowed] = await this.db
      .update(deviceAuthorizations)
      .set({
        lastPolledAt: now,
        intervalSeconds: sql`${deviceAuthorizations.intervalSeconds} + ${DEVICE_POLL_INTERVAL_SECONDS}`,
      })
      .where(eq(deviceAuthorizations.id, row.id))
      .returning({ interval: deviceAuthorizations.intervalSeconds });
    return { error: { error: 'slow_down', interval: slowed?.interval ?? DEVICE_POLL_INTERVAL_SECONDS } };
  }

  /** Hands the approved token out once: the row turns 'issued' before the token exists. */
  private async issue(row: Row, now: Date): Promise<PollAnswer> {
    const [claimed] = await this.db
      .update(deviceAuthorizations)
      .set({ status: 'issued' })
      .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'approved')))
      .returning();
    if (!claimed?.userId || !claimed.tokenName || !claimed.tokenScopes || !claimed.tokenDays)
      return { error: { error: 'invalid_grant' } };
    const created = await this.apiTokens.create(claimed.userId, {
      name: claimed.tokenName,
      scopes: claimed.tokenScopes as ApiTokenCreate['scopes'],
      expiresInDays: claimed.tokenDays,
    });
    const [owner] = await this.db
      .select({ account: users.account })
      .from(users)
      .where(eq(users.id, claimed.userId));
    return {
      token: {
        access_token: created.token,
        token_type: 'Bearer',
        expires_in: Math.floor((new Date(created.expiresAt).getTime() - now.getTime()) / 1000),
        scope: created.scopes.join(' '),
        account: owner?.account ?? '',
        token: created,
      },
    };
  }

  /** What the console shows for a typed code: who asks, from where, since when. */
  async describe(userId: number, userCode: string): Promise<DeviceRequest> {
    const row = await this.pending(userId, userCode);
    return {
      userCode: formatUserCode(userCode),
      // Cleaned again when shown: rows stored before the rule above.
      clientId: visibleText(row.clientId),
      clientHost: visibleText(row.clientHost),
      clientIp: row.clientIp,
      userAgent: visibleText(row.userAgent),
      requestedAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      requestedScopes: row.requestedScopes as ApiTokenScope[],
      requestedDays: row.requestedDays,
    };
  }

  /** The signed-in person's answer: approve with the token they chose, or deny. */
  async decide(userId: number, userCode: string, token: ApiTokenCreate | undefined): Promise<boolean> {
    const row = await this.pending(userId, userCode);
    if (token) await this.apiTokens.assertRoomFor(userId);
    const [decided] = await this.db
      .update(deviceAuthorizations)
      .set({
        status: token ? 'approved' : 'denied',
        userId,
        decidedAt: this.clock.now(),
        tokenName: token?.name ?? null,
        tokenScopes: token ? [...token.scopes] : null,
        tokenDays: token?.expiresInDays ?? null,
      })
      .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'pending')))
      .returning({ id: deviceAuthorizations.id });
    if (!decided) throw new AppError('DEVICE_CODE_INVALID');
    return token !== undefined;
  }

  /**
   * The pending, unexpired request of `userCode`. Every look-up takes one of the account's
   * DEVICE_CODE_ATTEMPTS first (in one conditional upsert, so a burst cannot pass the count); a
   * code that matches gives it back, so only wrong codes use them up. 20^8 codes and 5 guesses a
   * quarter of an hour leave a guesser nothing.
   */
  private async pending(userId: number, userCode: string): Promise<Row> {
    const key = `device-user-code:${userId}`;
    const limits = {
      max: DEVICE_CODE_ATTEMPTS,
      windowMs: DEVICE_CODE_ATTEMPT_WINDOW_MS,
      lockMs: DEVICE_CODE_ATTEMPT_WINDOW_MS,
    };
    const state = await this.counters.attempt(key, limits);
    const now = this.clock.now();
    if (!state || state.count > DEVICE_CODE_ATTEMPTS) {
      const until = (await this.counters.peek(key))?.expiresAt ?? new Date(now.getTime() + limits.lockMs);
      const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
      throw new AppError('DEVICE_CODE_ATTEMPTS', {
        params: { seconds },
        headers: { 'retry-after': String(seconds) },
      });
    }
    const [row] = await this.db
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCodeHash, hashToken(userCode)));
    if (!row || row.status !== 'pending' || row.expiresAt <= now) throw new AppError('DEVICE_CODE_INVALID');
    await this.counters.giveBack(key, 1, state);
    return row;
  }
}
