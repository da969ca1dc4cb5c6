import { and, asc, count, eq, gt, isNotNull, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { mailOutbox } from '../../db/schema';

/** A queued mail taken for one attempt; `attempts` counts it and fences its outcome. */
export type ClaimedMail = {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  createdAt: Date;
};

export type MailBacklog = { queued: number; oldestCreatedAt: Date | null };

const claimedColumns = {
  id: mailOutbox.id,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  body: mailOutbox.body,
  attempts: mailOutbox.attempts,
  createdAt: mailOutbox.createdAt,
};

/** Not held by an attempt in flight (none, or its process did not finish it in time). */
const unclaimed = (now: Date) => or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now));

/**
 * The queue's rows. Every outcome of an attempt is written only while the row is still queued
 * with the attempt count the attempt was claimed with: a late outcome of an attempt whose claim
 * ran out (and was taken over) changes nothing.
 */
export class MailOutboxRepository {
  constructor(private readonly db: Db) {}

  async insertLogged(mail: { to: string; subject: string; text: string }, now: Date): Promise<void> {
    await this.db.insert(mailOutbox).values({
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      status: 'logged',
      createdAt: now,
    });
  }

  /** Writes a mail as queued and claimed for its first attempt, made by the caller right away. */
  async insertClaimed(
    mail: { to: string; subject: string; text: string; expiresAt?: Date },
    now: Date,
    claimedUntil: Date,
  ): Promise<ClaimedMail> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        status: 'queued',
        createdAt: now,
        attempts: 1,
        nextAttemptAt: now,
        claimedUntil,
        expiresAt: mail.expiresAt ?? null,
      })
      .returning(claimedColumns);
    if (!row) throw new Error('mail not written');
    return row;
  }

  /**
   * Writes a mail as queued for the retry loop, without an attempt now (the server failed a
   * moment ago).
   */
  async insertQueued(mail: { to: string; subject: string; text: string; expiresAt?: Date }, now: Date) {
    await this.db.insert(mailOutbox).values({
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      status: 'queued',
      createdAt: now,
      nextAttemptAt: now,
      expiresAt: mail.expiresAt ?? null,
    });
  }

  /**
   * Takes the next due mail for one attempt. SKIP LOCKED: a row another process is claiming is
   * passed over, and once claimed (claimed_until ahead) no process takes it until the claim ends.
   */
  async claimNextDue(now: Date, claimedUntil: Date): Promise<ClaimedMail | undefined> {
    return this.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'queued'),
            lte(mailOutbox.nextAttemptAt, now),
            unclaimed(now),
            or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, now)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      const [claimed] = await tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, claimedUntil })
        .where(eq(mailOutbox.id, due.id))
        .returning(claimedColumns);
      return claimed;
    });
  }

  async markSent(mail: ClaimedMail, now: Date): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, nextAttemptAt: null, claimedUntil: null })
      .where(this.stillClaimedBy(mail));
  }

  /** A failed attempt: queued again for `nextAttemptAt`, or 'failed' for good. */
  async markAttemptFailed(
    mail: ClaimedMail,
    error: string,
    then: { status: 'queued'; nextAttemptAt: Date } | { status: 'failed' },
  ): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({
        status: then.status,
        error,
        nextAttemptAt: then.status === 'queued' ? then.nextAttemptAt : null,
        claimedUntil: null,
      })
      .where(this.stillClaimedBy(mail));
  }

  /** Queued mails whose code or link has run out are never delivered: 'expired'. */
  async expireDue(now: Date): Promise<number> {
    const expired = await this.db
      .update(mailOutbox)
      .set({ status: 'expired', nextAttemptAt: null, claimedUntil: null })
      .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.expiresAt, now), unclaimed(now)))
      .returning({ id: mailOutbox.id });
    return expired.length;
  }

  /**
   * The mail server took a mail after an outage: the ones waiting out a backoff after a failure
   * are due now, so the outage ends for every queued mail at the loop's next round, not at its
   * own next try.
   */
  async wakeWaiting(now: Date): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: now })
      .where(
        and(eq(mailOutbox.status, 'queued'), gt(mailOutbox.nextAttemptAt, now), isNotNull(mailOutbox.error)),
      );
  }

  /** Does a queued mail wait after a failed attempt: the mail server is not answering. */
  async anyWaitingAfterFailure(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), isNotNull(mailOutbox.error)))
      .limit(1);
    return row !== undefined;
  }

  async backlog(): Promise<MailBacklog> {
    const [row] = await this.db
      .select({ queued: count(), oldest: min(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'queued'));
    return { queued: row?.queued ?? 0, oldestCreatedAt: row?.oldest ?? null };
  }

  private stillClaimedBy(mail: ClaimedMail) {
    return and(
      eq(mailOutbox.id, mail.id),
      eq(mailOutbox.status, 'queued'),
      eq(mailOutbox.attempts, mail.attempts),
    );
  }
}
