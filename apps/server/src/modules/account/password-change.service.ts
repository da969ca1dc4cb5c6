import {
  type Locale,
  meetsPasswordRule,
  type ModifyPasswordBody,
  type VerifyCodeSent,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../auth/password';
import type { SessionIdentity, SessionService } from '../auth/session.service';
import type { AccountCodeMailer } from './account-code-mailer';

export { maskEmail } from './account-code-mailer';

/** Changing the password: old password + a code mailed to the account's address. */
export class PasswordChangeService {
  constructor(
    private readonly db: Db,
    private readonly codes: AccountCodeMailer,
    private readonly sessions: SessionService,
  ) {}

  sendCode(userId: number, locale: Locale): Promise<VerifyCodeSent> {
    return this.codes.send('modify-password', userId, locale);
  }

  /** Checks in the order a person fixes things; on success every other session ends. */
  async change(identity: SessionIdentity, body: ModifyPasswordBody): Promise<void> {
    if (!meetsPasswordRule(body.newPassword)) throw new AppError('PASSWORD_WEAK');
    if (body.newPassword !== body.confirm) throw new AppError('PASSWORD_MISMATCH');
    const [user] = await this.db.select().from(users).where(eq(users.id, identity.userId)).limit(1);
    if (!user) throw new AppError('NO_LOGIN_USER');
    if (!(await verifyPassword(user.passwordHash, body.password))) throw new AppError('OLD_PASSWORD_WRONG');
    if (!user.email) throw new AppError('NO_EMAIL_BOUND');
    await this.codes.consume('modify-password', user.id, body.code);
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await this.sessions.revokeAllForUser(user.id, identity.sessionId);
  }
}
