import type { AuditAction, AuditEntry, AuditQuery, AuditTargetType, Page } from '@portal/contract';
import { auditQuerySchema } from '@portal/contract';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { auditLog, users } from '../../db/schema';

/** Who acts: the signed-in staff member (or nobody, for a failed sign-in) and from where. */
export type AuditActor = { userId: number | null; account: string; ip: string | null };
export type AuditTarget = { type: AuditTargetType; id: string | number };
type Executor = Pick<Db, 'insert'>;

/**
 * The audit log (append-only; see the migration's triggers). Staff actions record inside their
 * own transaction when they have one (`tx`), so a rolled-back change leaves no audit row and a
 * committed one always has its row.
 */
export class AuditService {
  constructor(private readonly db: Db) {}

  /** The actor of a signed-in request: its user id and account, with the client address. */
  async actorOf(request: { auth: { userId: number } | null; ip: string }): Promise<AuditActor> {
    const userId = request.auth?.userId ?? null;
    if (userId === null) return { userId: null, account: '', ip: request.ip };
    const [user] = await this.db.select({ account: users.account }).from(users).where(eq(users.id, userId));
    return { userId, account: user?.account ?? '', ip: request.ip };
  }

  async record(
    actor: AuditActor,
    action: AuditAction,
    target: AuditTarget,
    detail: Record<string, unknown> = {},
    tx: Executor = this.db,
  ): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: actor.userId,
      actorAccount: actor.account,
      action,
      targetType: target.type,
      targetId: String(target.id),
      detail,
      ip: actor.ip,
    });
  }

  async page(query: AuditQuery): Promise<Page<AuditEntry>> {
    const { pageNo, pageSize, q, action, targetType, from, to } = auditQuerySchema.parse(query);
    const conditions: SQL[] = [];
    if (q) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matching = or(
        ilike(auditLog.actorAccount, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.targetId, pattern),
      );
      if (matching) conditions.push(matching);
    }
    if (action) conditions.push(eq(auditLog.action, action));
    if (targetType) conditions.push(eq(auditLog.targetType, targetType));
    if (from) conditions.push(gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)));
    if (to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      this.db.select({ value: count() }).from(auditLog).where(where),
    ]);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        actorId: row.actorId,
        actorAccount: row.actorAccount,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        detail: row.detail as Record<string, unknown>,
        ip: row.ip,
        createTime: row.createdAt.toISOString(),
      })),
      totalRows: total?.value ?? 0,
      pageNo,
    };
  }
}

/**
 * Records a staff action a route has just completed. For services without a transaction of
 * their own to join; the row is written right after the change, before the answer.
 */
export async function auditRequest(
  app: { services: { audit: AuditService } },
  request: { auth: { userId: number } | null; ip: string },
  action: AuditAction,
  target: AuditTarget,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const { audit } = app.services;
  await audit.record(await audit.actorOf(request), action, target, detail);
}
