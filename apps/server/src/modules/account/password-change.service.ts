import {
  type Locale,
  meetsPasswordRule,
  type ModifyPasswordBody,
  VERIFY_CODE_RESEND_MS,
  VERIFY_CODE_TTL_MS,
  type VerifyCodeSent,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/messages';
import { hashPassword, verifyPassword } from '../auth/password';
import type { SessionIdentity, SessionService } from '../auth/session.service';
import type { MailService } from '../mail/mail.service';
import type { VerifyCodeService } from './verify-code.service';

/** d***@example.com: enough to recognise the address, not enough to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Changing the password: old password + a code mailed to the account's address. */
export class PasswordChangeService {
  constructor(
    private readonly db: Db,
    private readonly codes: VerifyCodeService,
    private readonly mail: MailService,
    private readonly sessions: SessionService,
  ) {}

  async sendCode(userId: number, locale: Locale): Promise<VerifyCodeSent> {
    const email = await this.emailOf(userId);
    const code = await this.codes.issue('modify-password', email, userId);
    const minutes = VERIFY_CODE_TTL_MS / 60_000;
    await this.mail.send({
      to: email,
      subject: translate(locale, 'MAIL_VERIFY_CODE_SUBJECT'),
      text: translate(locale, 'MAIL_VERIFY_CODE_TEXT', { code, minutes }),
    });
    return {
      destination: maskEmail(email),
      expiresInSeconds: VERIFY_CODE_TTL_MS / 1000,
      resendAfterSeconds: VERIFY_CODE_RESEND_MS / 1000,
    };
  }

  /** Checks in the order a person fixes things; on success every other session ends. */
  async change(identity: SessionIdentity, body: ModifyPasswordBody): Promise<void> {
    if (!meetsPasswordRule(body.newPassword)) throw new AppError('PASSWORD_WEAK');
    if (body.newPassword !== body.confirm) throw new AppError('PASSWORD_MISMATCH');
    const [user] = await this.db.select().from(users).where(eq(users.id, identity.userId)).limit(1);
    if (!user) throw new AppError('NO_LOGIN_USER');
    if (!(await verifyPassword(user.passwordHash, body.password))) throw new AppError('OLD_PASSWORD_WRONG');
    if (!user.email) throw new AppError('NO_EMAIL_BOUND');
    await this.codes.consume('modify-password', user.email, body.code);
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await this.sessions.revokeAllForUser(user.id, identity.sessionId);
  }

  private async emailOf(userId: number): Promise<string> {
    const [user] = await this.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user?.email) throw new AppError('NO_EMAIL_BOUND');
    return user.email;
  }
}
