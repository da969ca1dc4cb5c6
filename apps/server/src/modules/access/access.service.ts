import type { AppEntry, Locale, LoginUser, MenuNode } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { accessVersion, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { AccessRepository, type Grantee } from './access.repository';
import { menuPermissionCode, toMenuNode } from './menu-mapper';

const localName = (row: { nameZh: string; nameEn: string }, locale: Locale) =>
  locale === 'zh-CN' ? row.nameZh : row.nameEn;

type Reach = Pick<LoginUser, 'apps' | 'roles' | 'permissions' | 'menus' | 'appOfPath'>;

/** Users whose reach one process keeps; beyond it the oldest entries go. */
const CACHE_ENTRIES = 10_000;

/**
 * Builds the signed-in user's view (getLoginUser) and switches the active application.
 *
 * What a user may reach (apps, menus, roles, permissions) takes six queries to compute and
 * changes rarely: each process keeps it per user, active application and language under the
 * database's access version, which triggers bump in the transaction of any change to roles,
 * grants, menus, applications or permissions (migration 0021). A request reads the user and
 * the version in one query, so a change is seen by every process on its next request.
 */
export class AccessService {
  private readonly repo: AccessRepository;
  private readonly cache = new Map<string, Reach | string[]>();
  private cachedVersion = -1;
  private readonly userWithVersion;

  constructor(private readonly db: Db) {
    this.repo = new AccessRepository(db);
    this.userWithVersion = db
      .select({ user: users, version: accessVersion.version })
      .from(users)
      .innerJoin(accessVersion, eq(accessVersion.id, 1))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('user_with_access_version');
  }

  /** The user row and the access version now; an older version empties the cache. */
  private async userAndVersion(userId: number) {
    const [row] = await this.userWithVersion.execute({ userId });
    if (row && row.version !== this.cachedVersion) {
      this.cache.clear();
      this.cachedVersion = row.version;
    }
    return row?.user;
  }

  private remember<T extends Reach | string[]>(key: string, value: T): T {
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, value);
    return value;
  }

  private async reachOf(user: typeof users.$inferSelect, locale: Locale): Promise<Reach> {
    const key = `reach|${user.id}|${user.adminType}|${user.activeApp ?? ''}|${locale}`;
    const cached = this.cache.get(key) as Reach | undefined;
    if (cached) return cached;
    const version = this.cachedVersion;
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
    const reach = {
      apps,
      roles: roles.map((role) => ({ id: role.id, code: role.code, name: localName(role, locale) })),
      permissions: [...new Set([...buttons, ...menuCodes])],
      menus,
      appOfPath: Object.fromEntries(
        allMenus.filter((menu) => menu.path.startsWith('/')).map((menu) => [menu.path, menu.appCode]),
      ),
    };
    // Computed from an older version than the cache now holds: answer it, do not keep it.
    return version === this.cachedVersion ? this.remember(key, reach) : reach;
  }

  private async buttonsOf(user: typeof users.$inferSelect): Promise<string[]> {
    const key = `buttons|${user.id}|${user.adminType}`;
    const cached = this.cache.get(key) as string[] | undefined;
    if (cached) return cached;
    const version = this.cachedVersion;
    const buttons = await this.repo.buttonPermissionsOf(user);
    return version === this.cachedVersion ? this.remember(key, buttons) : buttons;
  }

  async loginUser(userId: number, locale: Locale): Promise<LoginUser> {
    const user = await this.userAndVersion(userId);
    if (!user) throw new AppError('NO_LOGIN_USER');
    const reach = await this.reachOf(user, locale);
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
      ...reach,
    };
  }

  /** Every button permission the user holds (adminType 1 holds every one). */
  async permissionsOf(userId: number): Promise<string[]> {
    const user = await this.userAndVersion(userId);
    return user ? this.buttonsOf(user) : [];
  }

  /** The ids of the menus the user's roles grant, enabled or not (not cached: for checks before a change). */
  async grantedMenuIds(userId: number): Promise<number[]> {
    return (await this.repo.grantedMenuIds(userId)).map((row) => row.menuId);
  }

  /** Whether the user holds a button permission (adminType 1 holds every one). */
  async hasPermission(userId: number, code: string): Promise<boolean> {
    const user = await this.userAndVersion(userId);
    if (!user) return false;
    return (await this.buttonsOf(user)).includes(code);
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
