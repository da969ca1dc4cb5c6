import { ErrorCode, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, type Locale } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { type UserRow, users } from '../../db/schema';
import { AppError, type MessageParams } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MessageKey } from '../../lib/i18n/messages';
import type { LoginLock } from './login-lock';
import { insertLoginRecord } from './login-record.repository';
import { decoyPasswordHash, verifyPassword } from './password';
import type { AuditService } from '../audit/audit.service';
import type { SessionService } from './session.service';

export type LoginAttempt = {
  account: string;
  password: string;
  ip: string;
  userAgent?: string;
  locale: Locale;
  /** Throws CAPTCHA_WRONG when a captcha is required and the answer does not match. */
  checkCaptcha?: () => Promise<void>;
};

// The same answer for an unknown account and a wrong password, so accounts cannot be probed.
function wrongPassword(): AppError {
  return new AppError('ACCOUNT_PASSWORD_WRONG', {
    params: { max: LOGIN_MAX_FAILURES, minutes: LOGIN_LOCK_MS / 60_000 },
  });
}

/** Password sign-in with the spec's lockout (5 failures -> 5 minutes) and a record of every attempt. */
export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
    /** The 5-failure lockout, counted before each password is hashed. */
    private readonly lock: LoginLock,
    /** Failed sign-ins also go to the staff audit log (the user's own history is login_records). */
    private readonly audit?: AuditService,
  ) {}

  async login(attempt: LoginAttempt): Promise<string> {
    const account = attempt.account.trim();
    try {
      if (!account || !attempt.password) throw new AppError('ACCOUNT_PASSWORD_EMPTY');
      await attempt.checkCaptcha?.();
      const user = await this.checkCredentials(account, attempt.password);
      const token = await this.sessions.create(user.id, attempt);
      // The count was started again when the password proved right (`checkCredentials`).
      await this.db
        .update(users)
        .set({ lastLoginIp: attempt.ip, lastLoginTime: this.clock.now() })
        .where(eq(users.id, user.id));
      await this.record(attempt, user.id, ErrorCode.SUCCESS, 'SUCCESS');
      return token;
    } catch (error) {
      if (error instanceof AppError) {
        const userId = await this.userIdOf(account);
        await this.record(attempt, userId, error.code, error.messageKey, error.params);
        await this.audit?.record(
          { userId, account: account.slice(0, 64), ip: attempt.ip },
          'login.failure',
          { type: 'account', id: account.slice(0, 64) },
          { code: error.code, reason: error.messageKey },
        );
      }
      throw error;
    }
  }

  async recordLogout(userId: number, meta: { ip: string; userAgent?: string; locale: Locale }) {
    const [user] = await this.db.select({ account: users.account }).from(users).where(eq(users.id, userId));
    await insertLoginRecord(this.db, {
      userId,
      account: user?.account ?? '',
      type: 'LOGOUT',
      code: ErrorCode.SUCCESS,
      message: { key: 'LOGOUT_OK', locale: meta.locale },
      ip: meta.ip,
      userAgent: meta.userAgent,
      at: this.clock.now(),
    });
  }

  private async checkCredentials(account: string, password: string): Promise<UserRow> {
    const [user] = await this.db.select().from(users).where(eq(users.account, account)).limit(1);
    if (!user) throw await this.unknownAccountFailure(account, password);
    // The attempt takes its place before the hash, so a burst cannot outrun the lock.
    const slot = await this.lock.reserve(user.id);
    if (!('counted' in slot)) throw this.refusal(slot);
    // verifyPassword answers false rather than throw, so the place is always given back.
    if (!(await verifyPassword(user.passwordHash, password))) {
      const lockedUntil = await this.lock.failed(user.id);
      throw lockedUntil ? this.lockedError(lockedUntil) : wrongPassword();
    }
    await this.lock.release(user.id);
    // Only the right password learns that the account is frozen.
    if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
    return user;
  }

  /**
   * An account that does not exist answers as one that does: a wrong password (after hashing
   * as long), and from the fifth attempt in a row the same lock for the same minutes. So
   * neither the answer nor its timing tells which account names are real.
   */
  private async unknownAccountFailure(account: string, password: string): Promise<AppError> {
    const slot = await this.lock.reserveUnknown(account);
    if (!('counted' in slot)) return this.refusal(slot);
    await decoyPasswordHash().then(
      (decoy) => verifyPassword(decoy, password),
      () => false,
    );
    const lockedUntil = await this.lock.failedUnknown(account);
    return lockedUntil ? this.lockedError(lockedUntil) : wrongPassword();
  }

  /** No verdict: the live lock, or 429 while as many attempts are hashed as guesses are left. */
  private refusal(slot: { locked: Date } | { busy: Date }): AppError {
    if ('locked' in slot) return this.lockedError(slot.locked);
    const seconds = Math.max(1, Math.ceil((slot.busy.getTime() - this.clock.now().getTime()) / 1000));
    return new AppError('TOO_MANY_REQUESTS', {
      params: { seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }

  /**
   * The text says how long to wait, not until when: the server does not know the reader's time
   * zone. `lockedUntil` lets the browser show the time in the reader's own zone.
   */
  private lockedError(until: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - this.clock.now().getTime()) / 60_000));
    return new AppError('ACCOUNT_LOCKED', {
      params: { minutes },
      data: { lockedUntil: until.toISOString() },
    });
  }

  private async userIdOf(account: string): Promise<number | null> {
    if (!account) return null;
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, account))
      .limit(1);
    return row?.id ?? null;
  }

  private async record(
    attempt: LoginAttempt,
    userId: number | null,
    code: number,
    key: MessageKey,
    params: MessageParams = {},
  ) {
    await insertLoginRecord(this.db, {
      userId,
      account: attempt.account.trim() || '-',
      type: 'LOGIN',
      code,
      message: { key, params, locale: attempt.locale },
      ip: attempt.ip,
      userAgent: attempt.userAgent,
      at: this.clock.now(),
    });
  }
}
