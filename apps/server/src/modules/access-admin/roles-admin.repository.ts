import type { RoleRow } from '@portal/contract';
import { asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { roles } from '../../db/schema';

// Spelled out: drizzle leaves column names unqualified inside a raw subquery.
const counted = (table: 'user_roles' | 'role_menus' | 'role_permissions') =>
  sql<number>`(select count(*) from ${sql.identifier(table)} g where g."role_id" = "roles"."id")::int`;

const columns = {
  id: roles.id,
  code: roles.code,
  nameZh: roles.nameZh,
  nameEn: roles.nameEn,
  descriptionZh: roles.descriptionZh,
  descriptionEn: roles.descriptionEn,
  builtIn: roles.builtIn,
  userCount: counted('user_roles'),
  menuCount: counted('role_menus'),
  permissionCount: counted('role_permissions'),
};

type Selected = Omit<RoleRow, 'name' | 'description'>;

/** Role rows as staff list them: with how many users hold each and how much each grants. */
export class RolesAdminRepository {
  constructor(private readonly db: Db) {}

  async page(q: string | undefined, pageNo: number, pageSize: number, zh: boolean) {
    const where = this.matching(q);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(roles)
        .where(where)
        .orderBy(asc(roles.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      this.db.select({ value: count() }).from(roles).where(where),
    ]);
    return { rows: rows.map((row) => this.named(row, zh)), totalRows: total?.value ?? 0, pageNo };
  }

  async one(id: number, zh: boolean): Promise<RoleRow | null> {
    const [row] = await this.db.select(columns).from(roles).where(eq(roles.id, id)).limit(1);
    return row ? this.named(row, zh) : null;
  }

  private named(row: Selected, zh: boolean): RoleRow {
    return {
      ...row,
      name: zh ? row.nameZh : row.nameEn,
      description: zh ? row.descriptionZh : row.descriptionEn,
    };
  }

  private matching(q: string | undefined): SQL | undefined {
    if (!q) return undefined;
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(ilike(roles.code, pattern), ilike(roles.nameZh, pattern), ilike(roles.nameEn, pattern));
  }
}
