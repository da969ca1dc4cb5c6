import type { Locale, LoginRecord, Page, SessionInfo } from '@portal/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { newestFirstPage } from '../../db/newest-first-page';
import type { Db } from '../../db/connection';
import { loginRecords, sessions } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { isMessageKey, translate } from '../../lib/i18n/messages';
import type { SessionIdentity, SessionService } from '../auth/session.service';

/** What the personal center and security settings show of the user's own sign-ins. */
export class AccountHistoryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessionService: SessionService,
  ) {}

  async loginRecords(
    userId: number,
    page: { pageNo: number; pageSize: number },
    locale: Locale,
  ): Promise<Page<LoginRecord>> {
    const records = await newestFirstPage(this.db, loginRecords, eq(loginRecords.userId, userId), page);
    return {
      ...records,
      rows: records.rows.map((row) => ({
        id: row.id,
        type: row.type === 'LOGOUT' ? 'LOGOUT' : 'LOGIN',
        success: row.success === 1,
        // Shown in the reader's language; the stored text is the fallback for old rows.
        message:
          row.messageKey && isMessageKey(row.messageKey)
            ? translate(locale, row.messageKey, row.messageParams ?? {})
            : row.message,
        ip: row.ip,
        createTime: row.createdAt.toISOString(),
      })),
    };
  }

  async openSessions(identity: SessionIdentity): Promise<SessionInfo[]> {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(this.openOf(identity.userId))
      .orderBy(desc(sessions.createdAt), desc(sessions.id));
    return rows.map((row) => ({
      id: row.id,
      ip: row.ip,
      userAgent: row.userAgent,
      createTime: row.createdAt.toISOString(),
      current: row.id === identity.sessionId,
    }));
  }

  /** Signs out one of the user's own sessions, or all but the current one. */
  revoke(identity: SessionIdentity, target: { id?: number; allOthers?: boolean }): Promise<number> {
    if (target.allOthers) return this.sessionService.revokeAllForUser(identity.userId, identity.sessionId);
    return this.sessionService.revoke(target.id ?? -1, identity.userId);
  }

  private openOf(userId: number) {
    return and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, this.clock.now()),
    );
  }
}
