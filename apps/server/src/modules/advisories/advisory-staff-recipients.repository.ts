import { ADMIN_TYPE_SUPER } from '@portal/contract';
import { and, eq, exists, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { advisories, rolePermissions, userRoles, users } from '../../db/schema';

/**
 * Staff who hold `permission` through a role, and super administrators (who hold every
 * permission), except `exceptId`. Frozen accounts are left to the notifier, which skips them.
 */
export async function staffHolding(db: Db, permission: string, exceptId?: number): Promise<number[]> {
  const holds = exists(
    db
      .select({ one: userRoles.userId })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .where(and(eq(userRoles.userId, users.id), eq(rolePermissions.permissionCode, permission))),
  );
  const holder = or(eq(users.adminType, ADMIN_TYPE_SUPER), holds);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? holder : and(ne(users.id, exceptId), holder));
  return rows.map((row) => row.id);
}

/** An account's name ('' when it is gone). */
export async function accountOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ account: users.account }).from(users).where(eq(users.id, userId));
  return row?.account ?? '';
}

/** Who wrote the advisory (null when unknown, e.g. seeded, or the account is gone). */
export async function authorOf(db: Db, advisoryPk: number): Promise<number | null> {
  const [row] = await db
    .select({ authorId: advisories.authorId })
    .from(advisories)
    .where(eq(advisories.id, advisoryPk));
  return row?.authorId ?? null;
}
