import { maskSecrets } from '../../lib/secret-mask';
import type { OutboxEntry, Page } from '@portal/contract';
import { count, desc } from 'drizzle-orm';
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
});

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
        status: row.status,
        error: row.error,
        createTime: row.createdAt.toISOString(),
      })),
    };
  }
}
