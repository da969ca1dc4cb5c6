import { maskSecrets } from '../../lib/secret-mask';
import { OUTBOX_STATUSES, type OutboxEntry, type OutboxStatus, type Page } from '@portal/contract';
import { count, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { mailOutbox, smsOutbox } from '../../db/schema';

/** The columns both outboxes share, selected under one name so one mapping serves both. */
const columnsOf = (table: typeof mailOutbox | typeof smsOutbox) => ({
  id: table.id,
  body: table.body,
  status: table.status,
  error: table.error,
  createdAt: table.createdAt,
  recipient: table === smsOutbox ? smsOutbox.phone : mailOutbox.recipient,
  // An SMS has no subject: the driver that sent it says more.
  subject: table === smsOutbox ? smsOutbox.driver : mailOutbox.subject,
  // Only mail is queued and retried (modules/mail).
  attempts: table === smsOutbox ? sql<number | null>`null` : mailOutbox.attempts,
  nextAttemptAt: table === smsOutbox ? sql<Date | null>`null` : mailOutbox.nextAttemptAt,
  sentAt: table === smsOutbox ? sql<Date | null>`null` : mailOutbox.sentAt,
});

/** A status the contract does not know (written by a newer version) shows as failed, never as a 500. */
const knownStatus = (status: string): OutboxStatus =>
  (OUTBOX_STATUSES as readonly string[]).includes(status) ? (status as OutboxStatus) : 'failed';

/** What the portal sent, newest first: support reads codes and links here when nothing arrived. */
export class OutboxService {
  constructor(private readonly db: Db) {}

  async page(channel: 'mail' | 'sms', pageNo: number, pageSize: number): Promise<Page<OutboxEntry>> {
    const table = channel === 'sms' ? smsOutbox : mailOutbox;
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columnsOf(table))
        .from(table)
        .orderBy(desc(table.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      this.db.select({ n: count() }).from(table),
    ]);
    return {
      pageNo,
      totalRows: total?.n ?? 0,
      rows: rows.map((row) => ({
        id: row.id,
        channel,
        recipient: row.recipient,
        subject: row.subject,
        body: maskSecrets(row.body),
        status: knownStatus(row.status),
        error: row.error,
        createTime: row.createdAt.toISOString(),
        attempts: row.attempts,
        // Shown only while the mail waits for it.
        nextAttemptTime: row.status === 'queued' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
        sentTime: row.sentAt?.toISOString() ?? null,
      })),
    };
  }
}
