import { WEBHOOK_DELIVERY_MAX_AGE_HOURS } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { users, webhooks } from '../../db/schema';
import { translate } from '../../lib/i18n/messages';
import type { MailService } from '../mail/mail.service';
import type { AfterFailure } from './webhook-circuit';

/** `2026-11-27 08:30 UTC`: a mail is read in any time zone. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Tells a webhook's owner, once per opening of its circuit, that it is paused and why, in their
 * language, through the mail queue. The receiver is named by its origin: the path and query of
 * a webhook URL are often its secret, and a mail passes through more hands than the console.
 */
export class WebhookPauseMail {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(webhookId: number, circuit: AfterFailure): Promise<void> {
    const [row] = await this.db
      .select({ url: webhooks.url, email: users.email, locale: users.locale })
      .from(webhooks)
      .innerJoin(users, eq(users.id, webhooks.userId))
      .where(eq(webhooks.id, webhookId));
    if (!row || row.email === '' || circuit.pausedUntil === null) return;
    const locale = row.locale === 'en-US' ? 'en-US' : 'zh-CN';
    const params = {
      origin: new URL(row.url).origin,
      failures: circuit.failures,
      since: utc(circuit.failingSince),
      retryAt: utc(circuit.pausedUntil),
      maxHours: WEBHOOK_DELIVERY_MAX_AGE_HOURS,
    };
    await this.mail
      .send({
        to: row.email,
        subject: translate(locale, 'WEBHOOK_PAUSED_MAIL_SUBJECT', params),
        text: translate(locale, 'WEBHOOK_PAUSED_MAIL_TEXT', params),
      })
      .catch((err: unknown) => this.log.warn({ err, webhookId }, 'webhook pause mail not written'));
  }
}
