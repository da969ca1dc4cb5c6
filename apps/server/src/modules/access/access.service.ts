import type { AppEntry, Locale, LoginUser, MenuNode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { AccessRepository, type Grantee } from './access.repository';
import { menuPermissionCode, toMenuNode } from './menu-mapper';

const localName = (row: { nameZh: string; nameEn: string }, locale: Locale) =>
  locale === 'zh-CN' ? row.nameZh : row.nameEn;

/** Builds the signed-in user's view (getLoginUser) and switches the active application. */
export class AccessService {
  private readonly repo: AccessRepository;

  constructor(private readonly db: Db) {
    this.repo = new AccessRepository(db);
  }

  async loginUser(userId: number, locale: Locale): Promise<LoginUser> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('NO_LOGIN_USER');
    const allMenus = await this.repo.menusOf(user);
    const [apps, roles, buttons] = await Promise.all([
      this.appsOf(user, allMenus, locale),
      this.repo.rolesOf(user.id),
      this.repo.buttonPermissionsOf(user),
    ]);
    const active = apps.find((app) => app.active);
    const menus = allMenus
      .filter((menu) => menu.appCode === active?.code)
      .map((menu) => toMenuNode(menu, locale));
    const menuCodes = allMenus.map((menu) => menuPermissionCode(menu.path)).filter(Boolean);
    return {
      id: user.id,
      account: user.account,
      nickName: user.nickName,
      name: user.name,
      avatar: user.avatar,
      email: user.email,
      phone: user.phone,
      adminType: user.adminType === '1' ? '1' : '2',
      sourceType: user.sourceType,
      locale,
      lastLoginIp: user.lastLoginIp,
      lastLoginTime: user.lastLoginTime?.toISOString() ?? null,
      apps,
      roles: roles.map((role) => ({ id: role.id, code: role.code, name: localName(role, locale) })),
      permissions: [...new Set([...buttons, ...menuCodes])],
      menus,
    };
  }

  /** Every button permission the user holds (adminType 1 holds every one). */
  async permissionsOf(userId: number): Promise<string[]> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    return user ? this.repo.buttonPermissionsOf(user) : [];
  }

  /** Whether the user holds a button permission (adminType 1 holds every one). */
  async hasPermission(userId: number, code: string): Promise<boolean> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return false;
    return (await this.repo.buttonPermissionsOf(user)).includes(code);
  }

  /** Menus of `application` for this user; it becomes the stored active application. */
  async changeApplication(userId: number, application: string, locale: Locale): Promise<MenuNode[]> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('NO_LOGIN_USER');
    const userMenus = await this.repo.menusOf(user);
    const apps = await this.repo.applicationsOf(user, userMenus);
    if (!apps.some((app) => app.code === application)) {
      throw new AppError('NO_PERMISSION_OPERATION', {
        messageKey: 'APP_NOT_GRANTED',
        params: { application },
      });
    }
    await this.db.update(users).set({ activeApp: application }).where(eq(users.id, userId));
    return userMenus.filter((menu) => menu.appCode === application).map((menu) => toMenuNode(menu, locale));
  }

  /** The stored active app when still reachable, otherwise the first one. */
  private async appsOf(
    user: Grantee & { activeApp: string | null },
    userMenus: { appCode: string }[],
    locale: Locale,
  ): Promise<AppEntry[]> {
    const apps = await this.repo.applicationsOf(user, userMenus);
    const activeCode = apps.some((app) => app.code === user.activeApp) ? user.activeApp : apps[0]?.code;
    return apps.map((app) => ({
      code: app.code,
      name: localName(app, locale),
      active: app.code === activeCode,
    }));
  }
}
