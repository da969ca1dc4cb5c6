import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type Locale,
  type NotificationSettings,
  notificationSettingsSchema,
} from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { notices, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { type MessageKey, translate } from '../../lib/i18n/messages';
import type { MailService } from '../mail/mail.service';

export type NoticeText = {
  title: MessageKey;
  text: MessageKey;
  /** Placeholder values per language (item names differ by language) and recipient (their own servers). */
  params: (locale: Locale, userId: number) => Record<string, string | number>;
};

/** A mail to send once the transaction that posted the notices has committed. */
export type PendingMail = { to: string; subject: string; text: string };

const LOCALES: Locale[] = ['zh-CN', 'en-US'];

function settingsOf(raw: unknown): NotificationSettings {
  const parsed = notificationSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
}

/**
 * Posts notices the way each recipient asked for them (account settings >
 * notifications): in the header bell when the channel's inApp is on, by mail (in
 * the user's language) when email is on and an address is bound. Frozen accounts
 * get nothing.
 */
export class Notifier {
  constructor(
    private readonly clock: Clock,
    private readonly mail: MailService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes the in-app notices in `tx`; returns the mails to send after it commits. */
  async post(
    tx: Db,
    userIds: number[],
    channel: keyof NotificationSettings,
    notice: NoticeText,
    /** Recalls reach the bell whatever the settings say; only their mail follows the channel. */
    options: { alwaysInApp?: boolean } = {},
  ): Promise<{ posted: number; mails: PendingMail[] }> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return { posted: 0, mails: [] };
    const recipients = await tx
      .select({
        id: users.id,
        email: users.email,
        locale: users.locale,
        settings: users.notificationSettings,
      })
      .from(users)
      .where(and(inArray(users.id, unique), eq(users.frozen, false)));
    const textOf = (userId: number) =>
      Object.fromEntries(
        LOCALES.map((locale) => [
          locale,
          {
            title: translate(locale, notice.title, notice.params(locale, userId)).slice(0, 200),
            body: translate(locale, notice.text, notice.params(locale, userId)),
          },
        ]),
      ) as Record<Locale, { title: string; body: string }>;
    const texts = new Map(recipients.map((r) => [r.id, textOf(r.id)]));
    const now = this.clock.now();
    const inApp = recipients.filter((r) => options.alwaysInApp || settingsOf(r.settings)[channel].inApp);
    // In slices: one INSERT takes at most 65,535 parameters (7 per notice).
    for (let start = 0; start < inApp.length; start += 5000)
      await tx.insert(notices).values(
        inApp.slice(start, start + 5000).map((r) => {
          const text = texts.get(r.id)!;
          return {
            userId: r.id,
            type: 'notice',
            titleZh: text['zh-CN'].title,
            titleEn: text['en-US'].title,
            contentZh: text['zh-CN'].body,
            contentEn: text['en-US'].body,
            createdAt: now,
          };
        }),
      );
    const mails = recipients
      .filter((r) => r.email !== '' && settingsOf(r.settings)[channel].email)
      .map((r) => {
        const locale: Locale = r.locale === 'en-US' ? 'en-US' : 'zh-CN';
        const text = texts.get(r.id)!;
        return { to: r.email, subject: text[locale].title, text: text[locale].body };
      });
    return { posted: inApp.length, mails };
  }

  /**
   * Sends after commit. A mail the server does not take stays queued in the outbox and is retried
   * by the mail queue; only one that could not be written at all is logged here.
   */
  async send(mails: PendingMail[]): Promise<void> {
    for (const mail of mails)
      await this.mail
        .send(mail)
        .catch((err: unknown) => this.log.warn({ err, to: mail.to }, 'notice mail failed'));
  }
}
