import type { Locale, Notice, NoticePage } from '@portal/contract';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { newestFirstPage } from '../../db/newest-first-page';
import type { Db } from '../../db/connection';
import { notices } from '../../db/schema';
import type { Clock } from '../../lib/clock';

type NoticeRow = typeof notices.$inferSelect;

export type NewNotice = {
  userId: number;
  type?: Notice['type'];
  title: { zh: string; en: string };
  content?: { zh: string; en: string };
};

const toNotice = (row: NoticeRow, locale: Locale): Notice => ({
  id: row.id,
  type: row.type === 'message' || row.type === 'event' ? row.type : 'notice',
  title: locale === 'zh-CN' ? row.titleZh : row.titleEn,
  content: locale === 'zh-CN' ? row.contentZh : row.contentEn,
  createTime: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

/** The header bell: each user sees and marks only their own notices. */
export class NoticeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async post(notice: NewNotice): Promise<void> {
    await this.db.insert(notices).values({
      userId: notice.userId,
      type: notice.type ?? 'notice',
      titleZh: notice.title.zh,
      titleEn: notice.title.en,
      contentZh: notice.content?.zh ?? '',
      contentEn: notice.content?.en ?? '',
      createdAt: this.clock.now(),
    });
  }

  async list(
    userId: number,
    query: { pageNo: number; pageSize: number; unreadOnly: boolean },
    locale: Locale,
  ): Promise<NoticePage> {
    const mine = eq(notices.userId, userId);
    const where = query.unreadOnly ? and(mine, isNull(notices.readAt)) : mine;
    const [page, unread] = await Promise.all([
      newestFirstPage(this.db, notices, where, query),
      this.unreadCount(userId),
    ]);
    return { ...page, rows: page.rows.map((row) => toNotice(row, locale)), unread };
  }

  /** Marks the user's own notices read; ids of other users' notices are ignored. */
  async markRead(userId: number, target: { ids?: number[]; all?: boolean }) {
    const unreadOfUser = and(eq(notices.userId, userId), isNull(notices.readAt));
    const where = target.all ? unreadOfUser : and(unreadOfUser, inArray(notices.id, target.ids ?? []));
    const updated = await this.db
      .update(notices)
      .set({ readAt: this.clock.now() })
      .where(where)
      .returning({ id: notices.id });
    return { updated: updated.length, unread: await this.unreadCount(userId) };
  }

  private async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
    return row?.value ?? 0;
  }
}
