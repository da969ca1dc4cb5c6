import { maskSecrets } from '../../lib/secret-mask';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/connection';
import { mailOutbox } from '../../db/schema';
import type { Clock } from '../../lib/clock';

export type Mail = { to: string; subject: string; text: string };

/**
 * Sends mail through SMTP when SMTP_URL is set. Every mail is also written to
 * the outbox, so that without SMTP (a plain `npm start`) a person can still
 * read the codes and links, in the log and in the database.
 */
export class MailService {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: { smtpUrl?: string; from: string },
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : null;
  }

  /** Resolves once SMTP accepted the mail (or it was logged); throws when SMTP refused it. */
  async send(mail: Mail): Promise<void> {
    let status = 'logged';
    let error: string | null = null;
    try {
      if (this.transport) {
        await this.transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
        status = 'sent';
      } else {
        // Codes and links are masked: a log is read by more people than the recipient.
        this.log.info(
          { to: mail.to, subject: mail.subject, text: maskSecrets(mail.text) },
          'mail (no SMTP_URL set: outbox table only)',
        );
      }
    } catch (cause) {
      status = 'failed';
      error = cause instanceof Error ? cause.message : String(cause);
      this.log.error({ err: cause, to: mail.to }, 'mail delivery failed');
    }
    await this.db.insert(mailOutbox).values({
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      status,
      error,
      createdAt: this.clock.now(),
    });
    if (status === 'failed') throw new Error(`mail to ${mail.to} failed: ${error}`);
  }

  close() {
    this.transport?.close();
  }
}
