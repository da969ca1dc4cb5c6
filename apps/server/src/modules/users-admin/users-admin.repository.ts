import type { UserAdminRow } from '@portal/contract';
import { and, eq, exists, gt, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { newestFirstPage } from '../../db/newest-first-page';
import type { Db } from '../../db/connection';
import { organisations, roles, userRoles, users } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';

export type UserFilters = { q?: string; status?: 'active' | 'frozen' | 'locked'; role?: string };

/** The user rows staff list, with their roles named in the reader's language. */
export class UsersAdminRepository {
  constructor(private readonly db: Db) {}

  async page(filters: UserFilters, pageNo: number, pageSize: number, now: Date, zh: boolean) {
    const where = this.where(filters, now);
    const page = await newestFirstPage(this.db, users, where, { pageNo, pageSize });
    return { ...page, rows: await this.toRows(page.rows, now, zh) };
  }

  async one(id: number, now: Date, zh: boolean): Promise<UserAdminRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ? ((await this.toRows([row], now, zh))[0] ?? null) : null;
  }

  private where(filters: UserFilters, now: Date): SQL | undefined {
    const conditions: SQL[] = [];
    if (filters.q) {
      const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matching = or(
        ...[users.account, users.nickName, users.name, users.email, users.phone, users.company].map(
          (column) => ilike(column, pattern),
        ),
      );
      if (matching) conditions.push(matching);
    }
    if (filters.status === 'frozen') conditions.push(eq(users.frozen, true));
    if (filters.status === 'locked') conditions.push(gt(users.lockedUntil, now));
    if (filters.status === 'active') {
      conditions.push(eq(users.frozen, false));
      const unlocked = or(isNull(users.lockedUntil), lte(users.lockedUntil, now));
      if (unlocked) conditions.push(unlocked);
    }
    if (filters.role)
      conditions.push(
        exists(
          this.db
            .select({ one: userRoles.userId })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(and(eq(userRoles.userId, users.id), eq(roles.code, filters.role))),
        ),
      );
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  private async toRows(rows: UserRow[], now: Date, zh: boolean): Promise<UserAdminRow[]> {
    const ids = rows.map((row) => row.id);
    const held =
      ids.length === 0
        ? []
        : await this.db
            .select({
              userId: userRoles.userId,
              code: roles.code,
              nameZh: roles.nameZh,
              nameEn: roles.nameEn,
            })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(inArray(userRoles.userId, ids))
            .orderBy(roles.code);
    const organisationIds = [
      ...new Set(rows.flatMap((row) => (row.organisationId ? [row.organisationId] : []))),
    ];
    const named =
      organisationIds.length === 0
        ? []
        : await this.db
            .select({ id: organisations.id, name: organisations.name })
            .from(organisations)
            .where(inArray(organisations.id, organisationIds));
    return rows.map((row) => ({
      id: row.id,
      account: row.account,
      nickName: row.nickName,
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      organisation: named.find((o) => o.id === row.organisationId) ?? null,
      industry: row.industry,
      adminType: row.adminType === '1' ? '1' : '2',
      sourceType: row.sourceType,
      frozen: row.frozen,
      lockedUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null,
      roles: held
        .filter((role) => role.userId === row.id)
        .map((role) => ({ code: role.code, name: zh ? role.nameZh : role.nameEn })),
      lastLoginIp: row.lastLoginIp,
      lastLoginTime: row.lastLoginTime?.toISOString() ?? null,
      createTime: row.createdAt.toISOString(),
    }));
  }
}
