import { maskSecrets } from '../../lib/secret-mask';
import type { OutboxEntry, Page } from '@portal/contract';
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { mailOutbox, smsOutbox } from '../../db/schema';

/** What the portal sent, newest first: support reads codes and links here when nothing arrived. */
export class OutboxService {
  constructor(private readonly db: Db) {}

  async page(channel: 'mail' | 'sms', pageNo: number, pageSize: number): Promise<Page<OutboxEntry>> {
    const offset = (pageNo - 1) * pageSize;
    if (channel === 'sms') {
      const [rows, [total]] = await Promise.all([
        this.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(pageSize).offset(offset),
        this.db.select({ n: count() }).from(smsOutbox),
      ]);
      return {
        pageNo,
        totalRows: total?.n ?? 0,
        rows: rows.map((row) => ({
          id: row.id,
          channel,
          recipient: row.phone,
          subject: row.driver,
          body: maskSecrets(row.body),
          status: row.status,
          error: row.error,
          createTime: row.createdAt.toISOString(),
        })),
      };
    }
    const [rows, [total]] = await Promise.all([
      this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(pageSize).offset(offset),
      this.db.select({ n: count() }).from(mailOutbox),
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
