import {
  INDUSTRY_DICT_CODE,
  type Locale,
  type RegisterBody,
  type RegisterResult,
  type VerifyCodeSent,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { welcomeNotice } from '../../db/seed/seed-data';
import { notices, roles, userRoles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/messages';
import { uniqueViolation } from '../../lib/pg-errors';
import { CODE_MINUTES, type VerifyCodeService } from '../account/verify-code.service';
import { maskEmail } from '../account/password-change.service';
import { hashPassword } from '../auth/password';
import { dictValuesOf } from '../dict/dict.service';
import { mailCodeOrOwnerWarning } from '../mail/code-mail';
import type { MailService } from '../mail/mail.service';
import type { SerialService } from '../serials/serial.service';
import type { SmsService } from '../sms/sms.service';
import { textPhoneCode } from './phone-code';
import { checkRegistration, isValidEmail, normaliseEmail, normalisePhone } from './registration-rules';

export const REGISTERED_ROLE = 'customer';

/**
 * Self-service registration. The email address is proven by a mailed code (and
 * the phone, when given, by an SMS code) before anything is written; the user,
 * role, serial numbers and welcome notice are then written in one transaction.
 */
export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly codes: VerifyCodeService,
    private readonly mail: MailService,
    private readonly sms: SmsService,
    private readonly serials: SerialService,
    private readonly publicUrl: string,
  ) {}

  /**
   * Mails a registration code. When the address already has an account, its owner
   * gets a "you already have an account" mail instead, and the answer is the same:
   * nobody learns through this form which addresses are registered. The code goes out in the
   * caller's language, the warning in the owner's.
   */
  async sendEmailCode(rawEmail: string, locale: Locale): Promise<VerifyCodeSent> {
    const email = normaliseEmail(rawEmail);
    if (!isValidEmail(email)) throw AppError.invalidFields([{ field: 'email', messageKey: 'EMAIL_INVALID' }]);
    const code = await this.codes.issue('register-email', email, null);
    return mailCodeOrOwnerWarning({ db: this.db, mail: this.mail, publicUrl: this.publicUrl }, email, {
      locale,
      codeMail: (language) => ({
        subject: translate(language, 'MAIL_REGISTER_CODE_SUBJECT'),
        text: translate(language, 'MAIL_REGISTER_CODE_TEXT', { code, minutes: CODE_MINUTES }),
      }),
    });
  }

  async sendSmsCode(rawPhone: string, locale: Locale): Promise<VerifyCodeSent> {
    return textPhoneCode(
      { codes: this.codes, sms: this.sms },
      { purpose: 'register-sms', rawPhone, userId: null, locale },
    );
  }

  async register(body: RegisterBody, locale: Locale): Promise<RegisterResult> {
    const industries = new Set((await dictValuesOf(this.db, INDUSTRY_DICT_CODE, locale)).map((i) => i.code));
    checkRegistration(body, industries);
    const email = normaliseEmail(body.email);
    const phone = normalisePhone(body.phone);
    // The codes prove the caller owns the address and the phone; only then may they learn
    // that the account name or the address is taken. They are spent once all else holds, so a
    // taken name costs no new code.
    await this.codes.verify('register-email', email, body.emailCode);
    if (phone) await this.codes.verify('register-sms', phone, body.smsCode);
    const [taken] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.account}) = ${body.account.toLowerCase()}`)
      .limit(1);
    if (taken) throw new AppError('ACCOUNT_EXISTS');
    const serials = body.sn ? await this.serials.validate(body.sn) : [];
    if (serials.length > 1) throw new AppError('SN_LIMIT', { params: { max: 1, total: 1 } });
    await this.codes.consume('register-email', email, body.emailCode);
    if (phone) await this.codes.consume('register-sms', phone, body.smsCode);
    const passwordHash = await hashPassword(body.password);
    // The language the account keeps, and so the one its welcome mail is in.
    const userLocale = body.locale ?? locale;

    let userId = 0;
    try {
      await this.db.transaction(async (tx) => {
        const t: Db = tx;
        const [user] = await t
          .insert(users)
          .values({
            account: body.account,
            passwordHash,
            nickName: body.nickName,
            name: body.name,
            email,
            phone,
            company: body.company,
            industry: body.industry,
            locale: userLocale,
            sourceType: '01',
            adminType: '2',
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user not inserted');
        userId = user.id;
        const [role] = await t.select({ id: roles.id }).from(roles).where(eq(roles.code, REGISTERED_ROLE));
        if (!role) throw new Error(`role ${REGISTERED_ROLE} is missing`);
        await t.insert(userRoles).values({ userId: user.id, roleId: role.id });
        await this.serials.bindValidated(t, user.id, serials);
        await t.insert(notices).values(welcomeNotice(user.id));
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_lower_idx') throw new AppError('EMAIL_REGISTERED');
      if (constraint) throw new AppError('ACCOUNT_EXISTS');
      throw error;
    }

    // The account exists now; a welcome mail that could not even be queued must not undo it.
    await this.mail
      .send({
        to: email,
        subject: translate(userLocale, 'MAIL_WELCOME_SUBJECT'),
        text: translate(userLocale, 'MAIL_WELCOME_TEXT', {
          account: body.account,
          link: `${this.publicUrl}/user/login`,
        }),
      })
      .catch(() => undefined);
    const bound =
      serials.length > 0 ? (await this.serials.verification(userId, locale)).serials[0] : undefined;
    return {
      account: body.account,
      email: maskEmail(email),
      sn: bound ? { sn: bound.sn, state: bound.state } : null,
    };
  }
}
