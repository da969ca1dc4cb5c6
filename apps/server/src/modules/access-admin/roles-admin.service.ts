import {
  ADMIN_CODE_PATTERN,
  ADMIN_TYPE_SUPER,
  type GrantOptions,
  type Locale,
  type Page,
  type RoleGrants,
  type RoleInput,
  roleInputSchema,
  type RoleQuery,
  roleQuerySchema,
  type RoleRow,
} from '@portal/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  applications,
  menus,
  permissions,
  roleMenus,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { refuseDuplicate } from '../../lib/pg-errors';
import type { AccessService } from '../access/access.service';
import type { AuditService } from '../audit/audit.service';
import { RolesAdminRepository } from './roles-admin.repository';
import { withAncestors } from './menu-tree-rules';

export type Staff = { userId: number; account: string; ip: string | null };

/**
 * Staff run roles: list, create, edit, delete (never a built-in role or one users still hold) and
 * grant menus and button permissions. Grants are read from the database on every request
 * (getLoginUser, requirePermission), so a change applies to the holders' next request.
 */
export class RolesAdminService {
  private readonly repo: RolesAdminRepository;

  constructor(
    private readonly db: Db,
    private readonly deps: { access: AccessService; audit: AuditService },
  ) {
    this.repo = new RolesAdminRepository(db);
  }

  page(query: RoleQuery, locale: Locale): Promise<Page<RoleRow>> {
    const { pageNo, pageSize, q } = roleQuerySchema.parse(query);
    return this.repo.page(q, pageNo, pageSize, locale === 'zh-CN');
  }

  async create(staff: Staff, input: RoleInput, locale: Locale): Promise<RoleRow> {
    const data = this.checked(input);
    const id = await this.unique(data.code, () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.insert(roles).values(data).returning({ id: roles.id });
        if (!row) throw new Error('role not stored');
        await this.deps.audit.record(staff, 'role.create', { type: 'role', id: row.id }, data, tx);
        return row.id;
      }),
    );
    return this.row(id, locale);
  }

  async update(staff: Staff, id: number, input: RoleInput, locale: Locale): Promise<RoleRow> {
    const data = this.checked(input);
    const role = await this.role(id);
    if (role.builtIn && role.code !== data.code)
      throw new AppError('ROLE_BUILT_IN', { params: { code: role.code } });
    await this.unique(data.code, () =>
      this.db.transaction(async (tx) => {
        await tx.update(roles).set(data).where(eq(roles.id, id));
        await this.deps.audit.record(
          staff,
          'role.update',
          { type: 'role', id },
          { before: { code: role.code, nameZh: role.nameZh, nameEn: role.nameEn }, after: data },
          tx,
        );
      }),
    );
    return this.row(id, locale);
  }

  /** Refuses built-in roles and roles users still hold; the role's grants go with it. */
  async remove(staff: Staff, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The row lock makes a concurrent grant of this role to a user wait, then fail its foreign key.
      const [role] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
      if (!role) throw new AppError('ROLE_NOT_FOUND');
      if (role.builtIn) throw new AppError('ROLE_BUILT_IN', { params: { code: role.code } });
      const [held] = await tx.select({ value: count() }).from(userRoles).where(eq(userRoles.roleId, id));
      if ((held?.value ?? 0) > 0)
        throw new AppError('ROLE_IN_USE', { params: { code: role.code, count: held?.value ?? 0 } });
      await tx.delete(roles).where(eq(roles.id, id));
      await this.deps.audit.record(staff, 'role.delete', { type: 'role', id }, { code: role.code }, tx);
    });
  }

  async grants(id: number): Promise<RoleGrants> {
    await this.role(id);
    const [menuRows, permissionRows] = await Promise.all([
      this.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id)),
      this.db
        .select({ code: rolePermissions.permissionCode })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, id)),
    ]);
    return {
      menuIds: menuRows.map((row) => row.id).sort((a, b) => a - b),
      permissionCodes: permissionRows.map((row) => row.code).sort(),
    };
  }

  /**
   * Replaces the role's menus and button permissions. A granted menu brings its ancestors (a menu
   * whose parent is missing is not shown). Staff other than a super admin may not add a menu they
   * cannot see or a permission they do not hold themselves (no escalation).
   */
  async setGrants(staff: Staff, id: number, input: RoleGrants): Promise<RoleGrants> {
    const role = await this.role(id);
    const allMenus = await this.db.select({ id: menus.id, pid: menus.pid }).from(menus);
    const wantedMenus = [...new Set(input.menuIds)];
    if (wantedMenus.some((menuId) => !allMenus.some((menu) => menu.id === menuId)))
      throw AppError.invalidFields([{ field: 'menuIds', messageKey: 'FIELD_MENU_UNKNOWN' }]);
    const wantedCodes = [...new Set(input.permissionCodes)];
    const known = await this.db.select({ code: permissions.code }).from(permissions);
    if (wantedCodes.some((code) => !known.some((row) => row.code === code)))
      throw AppError.invalidFields([{ field: 'permissionCodes', messageKey: 'FIELD_PERMISSION_UNKNOWN' }]);
    const menuIds = withAncestors(wantedMenus, allMenus);
    await this.checkEscalation(staff, await this.grants(id), { menuIds, permissionCodes: wantedCodes });

    await this.db.transaction(async (tx) => {
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
      if (menuIds.length > 0)
        await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: id, menuId })));
      if (wantedCodes.length > 0)
        await tx
          .insert(rolePermissions)
          .values(wantedCodes.map((permissionCode) => ({ roleId: id, permissionCode })));
      await this.deps.audit.record(
        staff,
        'role.grant',
        { type: 'role', id },
        { code: role.code, menuIds, permissionCodes: wantedCodes },
        tx,
      );
    });
    return this.grants(id);
  }

  /** Every application's menus (as a flat list to build the checkbox tree) and every permission. */
  async grantOptions(locale: Locale): Promise<GrantOptions> {
    const zh = locale === 'zh-CN';
    const [apps, menuRows, permissionRows] = await Promise.all([
      this.db.select().from(applications).orderBy(asc(applications.sort), asc(applications.id)),
      this.db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id)),
      this.db.select().from(permissions).orderBy(asc(permissions.code)),
    ]);
    return {
      apps: apps.map((app) => ({
        code: app.code,
        name: zh ? app.nameZh : app.nameEn,
        menus: menuRows
          .filter((menu) => menu.appCode === app.code)
          .map((menu) => ({
            id: menu.id,
            pid: menu.pid,
            title: zh ? menu.titleZh : menu.titleEn,
            path: menu.path,
          })),
      })),
      permissions: permissionRows.map((row) => ({ code: row.code, name: zh ? row.nameZh : row.nameEn })),
    };
  }

  private async checkEscalation(staff: Staff, before: RoleGrants, after: RoleGrants) {
    const [me] = await this.db.select().from(users).where(eq(users.id, staff.userId)).limit(1);
    if (!me || me.adminType === ADMIN_TYPE_SUPER) return;
    const addedCodes = after.permissionCodes.filter((code) => !before.permissionCodes.includes(code));
    const addedMenus = after.menuIds.filter((menuId) => !before.menuIds.includes(menuId));
    const myCodes = new Set(await this.deps.access.permissionsOf(staff.userId));
    const myMenus = addedMenus.length === 0 ? [] : await this.deps.access.grantedMenuIds(staff.userId);
    if (addedCodes.some((code) => !myCodes.has(code)) || addedMenus.some((id) => !myMenus.includes(id)))
      throw new AppError('NO_PERMISSION_OPERATION');
  }

  private checked(input: RoleInput) {
    const data = roleInputSchema.parse(input);
    if (!ADMIN_CODE_PATTERN.test(data.code))
      throw AppError.invalidFields([{ field: 'code', messageKey: 'FIELD_CODE_PATTERN' }]);
    return data;
  }

  private async role(id: number) {
    const [role] = await this.db.select().from(roles).where(eq(roles.id, id)).limit(1);
    if (!role) throw new AppError('ROLE_NOT_FOUND');
    return role;
  }

  private async row(id: number, locale: Locale): Promise<RoleRow> {
    const row = await this.repo.one(id, locale === 'zh-CN');
    if (!row) throw new AppError('ROLE_NOT_FOUND');
    return row;
  }

  /** The unique index settles two saves racing for the same code. */
  private unique<T>(code: string, work: () => Promise<T>): Promise<T> {
    return refuseDuplicate(work, () => AppError.duplicateField('ROLE_CODE_EXISTS', 'code', code));
  }
}
