import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { maskSecrets } from '../../lib/secret-mask';
import { type ClaimedMail, type MailBacklog, MailOutboxRepository } from './mail-outbox.repository';
import {
  isPermanentRefusal,
  isRecipientRefusal,
  MAIL_RETRY,
  retryDelayMs,
  SMTP_TIMEOUTS,
} from './mail-retry-policy';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** How long the code or link it carries stays valid from now: never delivered after that. */
  validForMs?: number;
};

/**
 * What became of a mail by the time `send` answers. sent: the SMTP server took it; logged: no
 * SMTP configured; queued: not taken yet, it is retried until delivered, expired or given up;
 * failed: the server refused the recipient.
 */
export type MailOutcome = 'sent' | 'logged' | 'queued' | 'failed';

/** How long a request and an SMTP conversation may take: the policy's by default, shorter in tests. */
export type MailTiming = { answerWithinMs: number; smtp: typeof SMTP_TIMEOUTS };

/** Mails one round of the retry loop sends at most; the next round goes on. */
const MAILS_PER_ROUND = 50;

/**
 * Sends mail through SMTP when SMTP_URL is set, as a durable queue: every mail is written to
 * `mail_outbox` first, then tried at once; one the server does not take is retried with backoff
 * by the retry loop of the worker processes (`retryDue`), so a mail server that is down delays
 * mail but loses none. Without SMTP every mail is logged (codes and links masked) and written
 * to the outbox, so a plain `npm start` can complete every flow.
 */
export class MailService {
  private readonly transport: Transporter | null;
  private readonly repository: MailOutboxRepository;
  private readonly inFlight = new Set<Promise<unknown>>();
  /**
   * When an attempt of this process last failed for want of a server (not a refused recipient),
   * until one passes: mails written within 30 s wait for the loop, and the next mail through
   * wakes the queue.
   */
  private lastFailureAt = Number.NEGATIVE_INFINITY;
  private readonly answerWithinMs: number;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: { smtpUrl?: string; from: string; timing?: MailTiming },
  ) {
    this.repository = new MailOutboxRepository(db);
    const timing = options.timing ?? { answerWithinMs: MAIL_RETRY.answerWithinMs, smtp: SMTP_TIMEOUTS };
    this.answerWithinMs = timing.answerWithinMs;
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, ...timing.smtp }, { from: options.from })
      : null;
  }

  /**
   * Writes the mail to the outbox, then tries it (unless an attempt failed moments ago) and
   * answers within a few seconds whatever the server does. Throws only when the mail could not
   * be written at all.
   */
  async send(mail: Mail): Promise<MailOutcome> {
    const now = this.clock.now();
    if (!this.transport) {
      // Codes and links are masked: a log is read by more people than the recipient.
      this.log.info(
        { to: mail.to, subject: mail.subject, text: maskSecrets(mail.text) },
        'mail (no SMTP_URL set: outbox table only)',
      );
      await this.repository.insertLogged(mail, now);
      return 'logged';
    }
    const expiresAt = mail.validForMs === undefined ? undefined : new Date(now.getTime() + mail.validForMs);
    if (this.serverFailedRecently(now)) {
      await this.repository.insertQueued({ ...mail, expiresAt }, now);
      return 'queued';
    }
    const claimed = await this.repository.insertClaimed({ ...mail, expiresAt }, now, this.claimEnd(now));
    const attempt = this.track(this.attempt(claimed));
    let timer: NodeJS.Timeout | undefined;
    const answerBy = new Promise<'queued'>((resolve) => {
      timer = setTimeout(() => resolve('queued'), this.answerWithinMs);
    });
    try {
      return await Promise.race([attempt, answerBy]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One round of the retry loop: queued mails past their expiry become 'expired', then due
   * mails are claimed and sent one at a time, until none is due, the round's share is sent or
   * the server fails again (the rest wait for the next round rather than each time out now).
   */
  async retryDue(): Promise<{ sent: number; expired: number }> {
    if (!this.transport) return { sent: 0, expired: 0 };
    const expired = await this.repository.expireDue(this.clock.now());
    if (expired > 0) this.log.warn({ expired }, 'queued mails expired before the mail server took them');
    let sent = 0;
    for (let taken = 0; taken < MAILS_PER_ROUND; taken += 1) {
      const now = this.clock.now();
      const claimed = await this.repository.claimNextDue(now, this.claimEnd(now));
      if (!claimed) break;
      const outcome = await this.track(this.attempt(claimed));
      if (outcome === 'sent') sent += 1;
      else if (outcome === 'queued' && this.serverFailedRecently(this.clock.now())) break;
    }
    return { sent, expired };
  }

  /** Queued mails and the oldest one's age (metrics, alerts). */
  backlog(): Promise<MailBacklog> {
    return this.repository.backlog();
  }

  /**
   * Whether the mail server is known to be failing: a queued mail waits after a failed attempt.
   * The same for every caller, so an answer built on it tells nothing about the recipient.
   */
  deliveryDelayed(): Promise<boolean> {
    if (!this.transport) return Promise.resolve(false);
    return this.repository.anyWaitingAfterFailure();
  }

  /**
   * Waits for attempts still in flight (graceful shutdown, tests), at most `withinMs`: one not
   * ended by then keeps its claim and is tried again once the claim runs out.
   */
  async drain(withinMs = Number.POSITIVE_INFINITY): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      if (Number.isFinite(withinMs)) timer = setTimeout(resolve, withinMs);
    });
    try {
      await Promise.race([Promise.all([...this.inFlight]), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  close() {
    this.transport?.close();
  }

  /** One SMTP attempt and its outcome, recorded; never rejects (a mail not recorded stays claimed, then queued). */
  private async attempt(mail: ClaimedMail): Promise<MailOutcome> {
    if (!this.transport) return 'logged';
    try {
      try {
        await this.transport.sendMail({ to: mail.recipient, subject: mail.subject, text: mail.body });
      } catch (cause) {
        return await this.recordFailure(mail, cause);
      }
      const now = this.clock.now();
      await this.repository.markSent(mail, now);
      // The first mail through after this process saw the server fail: the outage is over.
      if (this.lastFailureAt !== Number.NEGATIVE_INFINITY) {
        this.lastFailureAt = Number.NEGATIVE_INFINITY;
        await this.repository.wakeWaiting(now);
      }
      return 'sent';
    } catch (error) {
      this.log.error({ err: error, mailId: mail.id }, 'mail outcome not recorded; it is tried again later');
      return 'queued';
    }
  }

  private async recordFailure(mail: ClaimedMail, cause: unknown): Promise<MailOutcome> {
    const error = cause instanceof Error ? cause.message : String(cause);
    const now = this.clock.now();
    if (isPermanentRefusal(cause)) {
      this.log.error({ err: cause, mailId: mail.id, to: mail.recipient }, 'mail refused by the mail server');
      await this.repository.markAttemptFailed(mail, error, { status: 'failed' });
      return 'failed';
    }
    // A temporary refusal of this one recipient (4xx to its address) says the server is up.
    if (!isRecipientRefusal(cause)) this.lastFailureAt = now.getTime();
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(mail.attempts));
    if (nextAttemptAt.getTime() - mail.createdAt.getTime() > MAIL_RETRY.giveUpAfterMs) {
      this.log.error(
        { err: cause, mailId: mail.id, to: mail.recipient, attempts: mail.attempts },
        'mail given up: the mail server did not take it within a day',
      );
      await this.repository.markAttemptFailed(mail, error, { status: 'failed' });
      return 'failed';
    }
    this.log.warn(
      { err: cause, mailId: mail.id, attempts: mail.attempts, nextAttemptAt },
      'mail not delivered yet; queued for another attempt',
    );
    await this.repository.markAttemptFailed(mail, error, { status: 'queued', nextAttemptAt });
    return 'queued';
  }

  /** An attempt of this process failed for want of a server less than 30 s ago. */
  private serverFailedRecently(now: Date): boolean {
    return now.getTime() - this.lastFailureAt < MAIL_RETRY.firstDelayMs;
  }

  private claimEnd(now: Date): Date {
    return new Date(now.getTime() + MAIL_RETRY.claimMs);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }
}
