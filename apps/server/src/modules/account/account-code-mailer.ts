import { type Locale, matchLocale, VERIFY_CODE_TTL_MS, type VerifyCodeSent } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/messages';
import type { MailOutcome, MailService } from '../mail/mail.service';
import { CODE_MINUTES, type CodePurpose, codeSent, type VerifyCodeService } from './verify-code.service';

/** d***@example.com: enough to recognise the address, not enough to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * The answer of a form that mailed a code, in the reader's language: where it went and, when
 * the mail server has not taken it yet, that it is queued and when the code runs out. A mail
 * the server refused is VERIFY_CODE_SEND_FAILED.
 */
export function mailedCodeAnswer(outcome: MailOutcome, email: string, locale: Locale): VerifyCodeSent {
  if (outcome === 'failed') throw new AppError('VERIFY_CODE_SEND_FAILED');
  const destination = maskEmail(email);
  return codeSent(
    destination,
    outcome === 'queued'
      ? translate(locale, 'MAIL_CODE_DELAYED', { destination, minutes: CODE_MINUTES })
      : undefined,
  );
}

/**
 * "The account's code flow": a code mailed to the signed-in user's own address, for an action
 * that needs more than the session (password change, activation codes).
 */
export class AccountCodeMailer {
  constructor(
    private readonly db: Db,
    private readonly codes: VerifyCodeService,
    private readonly mail: MailService,
  ) {}

  /** The mail in the account's stored language (`locale`, the request's, stands in for none); the answer in the request's. */
  async send(purpose: CodePurpose, userId: number, locale: Locale): Promise<VerifyCodeSent> {
    const { email, locale: stored } = await this.recipient(userId);
    const code = await this.codes.issue(purpose, email, userId);
    const language = matchLocale(stored) ?? locale;
    const outcome = await this.mail.send({
      to: email,
      subject: translate(language, 'MAIL_VERIFY_CODE_SUBJECT'),
      text: translate(language, 'MAIL_VERIFY_CODE_TEXT', { code, minutes: CODE_MINUTES }),
      validForMs: VERIFY_CODE_TTL_MS,
    });
    return mailedCodeAnswer(outcome, email, locale);
  }

  /** Uses up the code; refuses (1012004) when it is wrong, used or expired. */
  async consume(purpose: CodePurpose, userId: number, code: string): Promise<void> {
    await this.codes.consume(purpose, (await this.recipient(userId)).email, code);
  }

  private async recipient(userId: number): Promise<{ email: string; locale: string }> {
    const [user] = await this.db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user?.email) throw new AppError('NO_EMAIL_BOUND');
    return user;
  }
}
