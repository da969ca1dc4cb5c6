import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type DisplayPreferences,
  INDUSTRY_DICT_CODE,
  type Locale,
  type NotificationSettings,
  notificationSettingsSchema,
  type Profile,
  storedPreferencesSchema,
  type UpdateProfileBody,
  type VerifyCodeSent,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/messages';
import { refuseDuplicate } from '../../lib/pg-errors';
import { CODE_MINUTES, type VerifyCodeService } from '../account/verify-code.service';
import { dictValuesOf } from '../dict/dict.service';
import { mailCodeOrOwnerWarning } from '../mail/code-mail';
import type { MailService } from '../mail/mail.service';
import { textPhoneCode } from '../registration/phone-code';
import {
  isValidEmail,
  isValidPhone,
  normaliseEmail,
  normalisePhone,
} from '../registration/registration-rules';
import type { SmsService } from '../sms/sms.service';

const toProfile = (user: UserRow): Profile => ({
  account: user.account,
  nickName: user.nickName,
  name: user.name,
  email: user.email,
  phone: user.phone,
  company: user.company,
  industry: user.industry,
  locale: user.locale === 'en-US' ? 'en-US' : 'zh-CN',
  avatar: user.avatar,
});

/** Account settings: base information, bound email and phone, display and notification preferences. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly codes: VerifyCodeService,
    private readonly mail: MailService,
    private readonly sms: SmsService,
    private readonly publicUrl: string,
  ) {}

  async profile(userId: number): Promise<Profile> {
    return toProfile(await this.user(userId));
  }

  async update(userId: number, body: UpdateProfileBody, locale: Locale): Promise<Profile> {
    if (body.industry !== '') {
      const industries = await dictValuesOf(this.db, INDUSTRY_DICT_CODE, locale);
      if (!industries.some((i) => i.code === body.industry))
        throw AppError.invalidFields([{ field: 'industry', messageKey: 'INDUSTRY_UNKNOWN' }]);
    }
    const [user] = await this.db
      .update(users)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new AppError('NO_LOGIN_USER');
    return toProfile(user);
  }

  /**
   * A code to a new address (in the caller's language); an address of another account gets a
   * warning instead, in its owner's language (same answer).
   */
  async sendEmailCode(userId: number, rawEmail: string, locale: Locale): Promise<VerifyCodeSent> {
    const email = normaliseEmail(rawEmail);
    if (!isValidEmail(email)) throw AppError.invalidFields([{ field: 'email', messageKey: 'EMAIL_INVALID' }]);
    const user = await this.user(userId);
    const code = await this.codes.issue('bind-email', email, userId);
    return mailCodeOrOwnerWarning({ db: this.db, mail: this.mail, publicUrl: this.publicUrl }, email, {
      locale,
      exceptUserId: userId,
      codeMail: (language) => ({
        subject: translate(language, 'MAIL_BIND_CODE_SUBJECT'),
        text: translate(language, 'MAIL_BIND_CODE_TEXT', {
          account: user.account,
          code,
          minutes: CODE_MINUTES,
        }),
      }),
    });
  }

  async bindEmail(userId: number, rawEmail: string, code: string): Promise<Profile> {
    const email = normaliseEmail(rawEmail);
    if (!isValidEmail(email)) throw AppError.invalidFields([{ field: 'email', messageKey: 'EMAIL_INVALID' }]);
    await this.codes.consume('bind-email', email, code);
    const [user] = await refuseDuplicate(
      () =>
        this.db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId)).returning(),
      () => new AppError('EMAIL_REGISTERED'),
    );
    if (!user) throw new AppError('NO_LOGIN_USER');
    return toProfile(user);
  }

  async sendSmsCode(userId: number, rawPhone: string, locale: Locale): Promise<VerifyCodeSent> {
    return textPhoneCode(
      { codes: this.codes, sms: this.sms },
      { purpose: 'bind-phone', rawPhone, userId, locale },
    );
  }

  async bindPhone(userId: number, rawPhone: string, code: string): Promise<Profile> {
    const phone = normalisePhone(rawPhone);
    if (!isValidPhone(phone)) throw AppError.invalidFields([{ field: 'phone', messageKey: 'PHONE_INVALID' }]);
    await this.codes.consume('bind-phone', phone, code);
    const [user] = await this.db
      .update(users)
      .set({ phone, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new AppError('NO_LOGIN_USER');
    return toProfile(user);
  }

  async preferences(userId: number): Promise<Partial<DisplayPreferences> | null> {
    const parsed = storedPreferencesSchema.safeParse((await this.user(userId)).preferences);
    // A stored value an older client wrote in another shape is ignored, not a 500.
    return parsed.success ? parsed.data : null;
  }

  async savePreferences(userId: number, preferences: DisplayPreferences): Promise<DisplayPreferences> {
    await this.db.update(users).set({ preferences, updatedAt: new Date() }).where(eq(users.id, userId));
    return preferences;
  }

  async notificationSettings(userId: number): Promise<NotificationSettings> {
    const parsed = notificationSettingsSchema.safeParse((await this.user(userId)).notificationSettings);
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
  }

  async saveNotificationSettings(
    userId: number,
    settings: NotificationSettings,
  ): Promise<NotificationSettings> {
    await this.db
      .update(users)
      .set({ notificationSettings: settings, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return settings;
  }

  private async user(userId: number): Promise<UserRow> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('NO_LOGIN_USER');
    return user;
  }
}
