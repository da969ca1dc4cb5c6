import { ADMIN_TYPE_SUPER } from '@portal/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  applications,
  menus,
  permissions,
  roleMenus,
  rolePermissions,
  roles,
  userRoles,
} from '../../db/schema';

export type Grantee = { id: number; adminType: string };

const isSuper = (user: Grantee) => user.adminType === ADMIN_TYPE_SUPER;

/** Reads what a user may reach: roles, enabled menus, applications and button permissions. */
export class AccessRepository {
  constructor(private readonly db: Db) {}

  rolesOf(userId: number) {
    return this.db
      .select({ id: roles.id, code: roles.code, nameZh: roles.nameZh, nameEn: roles.nameEn })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
      .orderBy(asc(roles.id));
  }

  /**
   * The ids of the menus the user's roles grant, enabled or not (adminType is not looked at): a
   * query, to be awaited or used as a subquery.
   */
  grantedMenuIds(userId: number) {
    return this.db
      .selectDistinct({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
      .where(eq(userRoles.userId, userId));
  }

  /** Enabled menus of one application (or of all when appCode is omitted) the user may see. */
  async menusOf(user: Grantee, appCode?: string) {
    const enabled = appCode
      ? and(eq(menus.enabled, true), eq(menus.appCode, appCode))
      : eq(menus.enabled, true);
    const order = [asc(menus.sort), asc(menus.id)];
    if (isSuper(user))
      return this.db
        .select()
        .from(menus)
        .where(enabled)
        .orderBy(...order);
    return this.db
      .select()
      .from(menus)
      .where(and(enabled, inArray(menus.id, this.grantedMenuIds(user.id))))
      .orderBy(...order);
  }

  /**
   * Applications in display order; ordinary users only those where they have a
   * menu. Pass the user's menus when already loaded to save a query.
   */
  async applicationsOf(user: Grantee, userMenus?: { appCode: string }[]) {
    const all = await this.db
      .select()
      .from(applications)
      .where(eq(applications.enabled, true))
      .orderBy(asc(applications.sort), asc(applications.id));
    if (isSuper(user)) return all;
    const reachable = new Set((userMenus ?? (await this.menusOf(user))).map((menu) => menu.appCode));
    return all.filter((app) => reachable.has(app.code));
  }

  async buttonPermissionsOf(user: Grantee): Promise<string[]> {
    if (isSuper(user)) {
      const rows = await this.db.select({ code: permissions.code }).from(permissions);
      return rows.map((row) => row.code);
    }
    const rows = await this.db
      .selectDistinct({ code: rolePermissions.permissionCode })
      .from(rolePermissions)
      .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
      .where(eq(userRoles.userId, user.id));
    return rows.map((row) => row.code);
  }
}
