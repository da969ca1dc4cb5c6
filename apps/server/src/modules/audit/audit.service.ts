import type { AuditAction, AuditEntry, AuditQuery, AuditTargetType, Locale, Page } from '@portal/contract';
import { auditQuerySchema } from '@portal/contract';
import { and, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { newestFirstPage } from '../../db/newest-first-page';
import type { Db } from '../../db/connection';
import { auditLog, menus, permissions, roles, users } from '../../db/schema';
import { DAY_MS } from '../../lib/clock';

type Detail = Record<string, unknown>;
/** The detail keys whose values are codes or ids with a name, and what they name. */
type Named = 'role' | 'permission' | 'menu';

/** What the values under `key` of an entry's detail name (a role's own `code` is the role). */
function namedBy(targetType: string, key: string): Named | null {
  if (key === 'roles') return 'role';
  if (key === 'code' && targetType === 'role') return 'role';
  if (key === 'permissionCodes') return 'permission';
  if (key === 'menuIds') return 'menu';
  return null;
}

/** Every [key, value] of a detail, nested ones (before/after) too; arrays give one pair per item. */
function* detailValues(detail: Detail): Generator<[string, string]> {
  for (const [key, value] of Object.entries(detail)) {
    if (Array.isArray(value)) for (const item of value) yield [key, String(item)];
    else if (value !== null && typeof value === 'object') yield* detailValues(value as Detail);
    else if (typeof value === 'string' || typeof value === 'number') yield [key, String(value)];
  }
}

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

  async page(query: AuditQuery, locale: Locale = 'en-US'): Promise<Page<AuditEntry>> {
    const { pageNo, pageSize, q, action, targetType, from, to } = auditQuerySchema.parse(query);
    const conditions: SQL[] = [];
    if (q) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matching = or(
        ilike(auditLog.actorAccount, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.targetId, pattern),
        // An advisory is known by its public id (VENDOR-SA-2026-0004), which its entries carry.
        ilike(sql<string>`${auditLog.detail}->>'advisoryId'`, pattern),
      );
      if (matching) conditions.push(matching);
    }
    if (action) conditions.push(eq(auditLog.action, action));
    if (targetType) conditions.push(eq(auditLog.targetType, targetType));
    if (from) conditions.push(gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)));
    if (to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const page = await newestFirstPage(this.db, auditLog, where, { pageNo, pageSize });
    const names = await this.namesOf(page.rows, locale);
    return {
      ...page,
      rows: page.rows.map((row) => ({
        id: row.id,
        actorId: row.actorId,
        actorAccount: row.actorAccount,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        detail: row.detail as Detail,
        names: names(row.targetType, row.detail as Detail),
        ip: row.ip,
        createTime: row.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The names, in `locale`, of the roles, permissions and menus the entries' details mention by
   * code or id (three queries for the page): a function giving one entry's names by detail key.
   */
  private async namesOf(rows: { targetType: string; detail: unknown }[], locale: Locale) {
    const wanted: Record<Named, Set<string>> = { role: new Set(), permission: new Set(), menu: new Set() };
    for (const row of rows)
      for (const [key, value] of detailValues(row.detail as Detail)) {
        const kind = namedBy(row.targetType, key);
        if (kind) wanted[kind].add(value);
      }
    const zh = locale === 'zh-CN';
    const menuIds = [...wanted.menu].map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    const [roleRows, permissionRows, menuRows] = await Promise.all([
      wanted.role.size === 0
        ? []
        : this.db
            .select({ code: roles.code, zh: roles.nameZh, en: roles.nameEn })
            .from(roles)
            .where(inArray(roles.code, [...wanted.role])),
      wanted.permission.size === 0
        ? []
        : this.db
            .select({ code: permissions.code, zh: permissions.nameZh, en: permissions.nameEn })
            .from(permissions)
            .where(inArray(permissions.code, [...wanted.permission])),
      menuIds.length === 0
        ? []
        : this.db
            .select({ id: menus.id, zh: menus.titleZh, en: menus.titleEn })
            .from(menus)
            .where(inArray(menus.id, menuIds)),
    ]);
    const known: Record<Named, Map<string, string>> = {
      role: new Map(roleRows.map((row) => [row.code, zh ? row.zh : row.en])),
      permission: new Map(permissionRows.map((row) => [row.code, zh ? row.zh : row.en])),
      menu: new Map(menuRows.map((row) => [String(row.id), zh ? row.zh : row.en])),
    };
    return (targetType: string, detail: Detail): Record<string, Record<string, string>> => {
      const names: Record<string, Record<string, string>> = {};
      for (const [key, value] of detailValues(detail)) {
        const kind = namedBy(targetType, key);
        const name = kind ? known[kind].get(value) : undefined;
        if (name !== undefined) (names[key] ??= {})[value] = name;
      }
      return names;
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
