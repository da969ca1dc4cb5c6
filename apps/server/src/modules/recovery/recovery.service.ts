import { createHash, randomBytes } from 'node:crypto';
import {
  type Locale,
  matchLocale,
  meetsPasswordRule,
  type RecoverSent,
  type ResetPasswordBody,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n/messages';
import type { AuditService } from '../audit/audit.service';
import { hashPassword } from '../auth/password';
import type { SessionService } from '../auth/session.service';
import type { MailService } from '../mail/mail.service';

export const RESET_LINK_TTL_MS = 30 * 60_000;
/** One reset mail per account per minute, whatever the callers do. */
const RESET_MAIL_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** a***n: recognisable by its owner, not a list of account names for others. */
export const maskAccount = (account: string) =>
  account.length <= 2 ? `${account[0] ?? ''}*` : `${account[0]}***${account[account.length - 1]}`;

/**
 * Password recovery by a single-use link mailed to the account's address. The
 * request answers the same whether or not the account exists, and the mail is
 * sent after the answer so that timing does not tell either.
 */
export class RecoveryService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly mail: MailService,
    private readonly sessions: SessionService,
    private readonly publicUrl: string,
    /** Mailed links and passwords set with them go to the staff audit log (never the link itself). */
    private readonly audit: AuditService,
  ) {}

  /**
   * `ip` is the requester's address when someone asks through the recovery page; the mailed link
   * is then audited as the account's. Staff asking for a user (no `ip`) audit it themselves.
   * The mail is in the account's stored language; `locale` (the requester's) only stands in for
   * an account without one.
   */
  async request(accountOrEmail: string, locale: Locale, ip?: string): Promise<RecoverSent> {
    const key = accountOrEmail.trim().toLowerCase();
    const [user] = key
      ? await this.db
          .select({
            id: users.id,
            account: users.account,
            email: users.email,
            frozen: users.frozen,
            locale: users.locale,
          })
          .from(users)
          .where(or(sql`lower(${users.account}) = ${key}`, sql`lower(${users.email}) = ${key}`))
          .limit(1)
      : [];
    if (user?.email && !user.frozen) {
      const work = this.sendLink(
        user as { id: number; account: string; email: string },
        matchLocale(user.locale) ?? locale,
        ip,
      )
        .catch((error: unknown) =>
          this.log.error({ err: error, userId: user.id }, 'password reset mail failed'),
        )
        .finally(() => this.pending.delete(work));
      this.pending.add(work);
    }
    const linkValidMinutes = RESET_LINK_TTL_MS / 60_000;
    // Whether the mail server is failing now, not what became of this mail (sent after the
    // answer): the same for every input, so the answer still says nothing about the account.
    return (await this.mail.deliveryDelayed())
      ? {
          linkValidMinutes,
          mailDelayed: translate(locale, 'MAIL_LINK_DELAYED', { minutes: linkValidMinutes }),
        }
      : { linkValidMinutes };
  }

  /** Waits for reset mails still being sent (graceful shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async check(token: string): Promise<{ valid: boolean; account: string | null }> {
    const row = await this.usable(token);
    return row ? { valid: true, account: maskAccount(row.account) } : { valid: false, account: null };
  }

  /**
   * Sets the new password, spends the link (and every other link of the user), ends every session.
   * Audited as the account itself, from `ip`, with neither the link nor the password.
   */
  async reset(body: ResetPasswordBody, ip: string | null = null): Promise<void> {
    if (!meetsPasswordRule(body.password)) throw new AppError('PASSWORD_WEAK');
    if (body.password !== body.confirm) throw new AppError('PASSWORD_MISMATCH');
    const row = await this.usable(body.token);
    if (!row) throw new AppError('RESET_LINK_INVALID');
    const passwordHash = await hashPassword(body.password);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const spent = await tx
        .update(passwordResetTokens)
        .set({ consumedAt: now })
        .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.consumedAt)))
        .returning({ id: passwordResetTokens.id });
      // Two tabs submitting the same link: only the first one counts.
      if (spent.length === 0) throw new AppError('RESET_LINK_INVALID');
      await tx
        .update(passwordResetTokens)
        .set({ consumedAt: now })
        .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.consumedAt)));
      await tx
        .update(users)
        .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
        .where(eq(users.id, row.userId));
      await this.audit.record(
        { userId: row.userId, account: row.account, ip },
        'user.recoverPassword',
        { type: 'user', id: row.userId },
        {},
        tx,
      );
    });
    await this.sessions.revokeAllForUser(row.userId);
  }

  private async usable(token: string) {
    if (!token) return undefined;
    const [row] = await this.db
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId, account: users.account })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.consumedAt),
          gt(passwordResetTokens.expiresAt, this.clock.now()),
          eq(users.frozen, false),
        ),
      )
      .limit(1);
    return row;
  }

  /** Runs after the answer, so the audit row (only for a link really mailed) does not show in its timing. */
  private async sendLink(user: { id: number; account: string; email: string }, locale: Locale, ip?: string) {
    const now = this.clock.now();
    const [recent] = await this.db
      .select({ createdAt: passwordResetTokens.createdAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id))
      .orderBy(desc(passwordResetTokens.createdAt))
      .limit(1);
    if (recent && now.getTime() - recent.createdAt.getTime() < RESET_MAIL_INTERVAL_MS) return;
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    });
    const link = `${this.publicUrl}/user/recover?token=${token}`;
    await this.mail.send({
      to: user.email,
      subject: translate(locale, 'MAIL_RESET_SUBJECT'),
      text: translate(locale, 'MAIL_RESET_TEXT', {
        account: user.account,
        minutes: RESET_LINK_TTL_MS / 60_000,
        link,
      }),
      validForMs: RESET_LINK_TTL_MS,
    });
    if (ip !== undefined)
      await this.audit.record(
        { userId: user.id, account: user.account, ip },
        'user.requestRecovery',
        { type: 'user', id: user.id },
        { linkValidMinutes: RESET_LINK_TTL_MS / 60_000 },
      );
  }
}
