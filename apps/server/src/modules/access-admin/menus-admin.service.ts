import {
  ADMIN_CODE_PATTERN,
  type Locale,
  MENU_COMPONENTS,
  MENU_LINK_PATTERN,
  MENU_PATH_PATTERN,
  type MenuAdminRow,
  type MenuInput,
  menuInputSchema,
} from '@portal/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { applications, menus } from '../../db/schema';
import { AppError, type FieldProblem } from '../../lib/app-error';
import { refuseDuplicate } from '../../lib/pg-errors';
import type { AuditService } from '../audit/audit.service';
import { descendantsOf } from './menu-tree-rules';
import type { Staff } from './roles-admin.service';

type MenuRow = typeof menus.$inferSelect;
type MenuData = ReturnType<typeof menuInputSchema.parse>;
const KNOWN_COMPONENTS: readonly string[] = MENU_COMPONENTS;

function toAdminRow(row: MenuRow): MenuAdminRow {
  const { enabled: _enabled, ...rest } = row;
  return rest;
}

/**
 * Staff edit each application's menu tree. A menu must route somewhere the console can render
 * (a known component, an embedded link or an external URL), sit under a menu of its own
 * application and not reuse a path. Deleting refuses a menu with sub-menus; role grants of a
 * deleted menu go with it (foreign key cascade).
 */
export class MenusAdminService {
  constructor(
    private readonly db: Db,
    private readonly deps: { audit: AuditService },
  ) {}

  async applications(locale: Locale) {
    const rows = await this.db
      .select()
      .from(applications)
      .orderBy(asc(applications.sort), asc(applications.id));
    return rows.map((app) => ({ code: app.code, name: locale === 'zh-CN' ? app.nameZh : app.nameEn }));
  }

  async list(appCode: string): Promise<MenuAdminRow[]> {
    await this.checkApplication(appCode, 'application');
    const rows = await this.db
      .select()
      .from(menus)
      .where(eq(menus.appCode, appCode))
      .orderBy(asc(menus.sort), asc(menus.id));
    return rows.map(toAdminRow);
  }

  async create(staff: Staff, input: MenuInput): Promise<MenuAdminRow> {
    const data = menuInputSchema.parse(input);
    await this.checkApplication(data.appCode, 'appCode');
    await this.validate(data);
    const row = await this.unique(data.path, () =>
      this.db.transaction(async (tx) => {
        const [stored] = await tx.insert(menus).values(data).returning();
        if (!stored) throw new Error('menu not stored');
        await this.deps.audit.record(staff, 'menu.create', { type: 'menu', id: stored.id }, data, tx);
        return stored;
      }),
    );
    return toAdminRow(row);
  }

  /** The application of a menu is fixed once created; `appCode` in the input is ignored. */
  async update(staff: Staff, id: number, input: MenuInput): Promise<MenuAdminRow> {
    const before = await this.menu(id);
    const data = { ...menuInputSchema.parse(input), appCode: before.appCode };
    await this.validate(data, id);
    const row = await this.unique(data.path, () =>
      this.db.transaction(async (tx) => {
        const [stored] = await tx.update(menus).set(data).where(eq(menus.id, id)).returning();
        if (!stored) throw new AppError('MENU_NOT_FOUND');
        await this.deps.audit.record(
          staff,
          'menu.update',
          { type: 'menu', id },
          { before: toAdminRow(before), after: data },
          tx,
        );
        return stored;
      }),
    );
    return toAdminRow(row);
  }

  async remove(staff: Staff, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [menu] = await tx.select().from(menus).where(eq(menus.id, id)).for('update');
      if (!menu) throw new AppError('MENU_NOT_FOUND');
      const [children] = await tx.select({ value: count() }).from(menus).where(eq(menus.pid, id));
      if ((children?.value ?? 0) > 0)
        throw new AppError('MENU_HAS_CHILDREN', { params: { name: menu.name } });
      await tx.delete(menus).where(eq(menus.id, id));
      await this.deps.audit.record(
        staff,
        'menu.delete',
        { type: 'menu', id },
        { appCode: menu.appCode, path: menu.path, name: menu.name },
        tx,
      );
    });
  }

  private async validate(data: MenuData, id?: number) {
    const problems: FieldProblem[] = [];
    if (!ADMIN_CODE_PATTERN.test(data.name))
      problems.push({ field: 'name', messageKey: 'FIELD_CODE_PATTERN' });
    const external = data.target !== null;
    if (external ? !MENU_LINK_PATTERN.test(data.path) : !MENU_PATH_PATTERN.test(data.path))
      problems.push({ field: 'path', messageKey: external ? 'FIELD_MENU_LINK' : 'FIELD_MENU_PATH' });
    if (data.link !== null && !MENU_LINK_PATTERN.test(data.link))
      problems.push({ field: 'link', messageKey: 'FIELD_MENU_LINK' });
    // Embedded frames and external links render no component of their own.
    if (!external && data.link === null && !KNOWN_COMPONENTS.includes(data.component))
      problems.push({ field: 'component', messageKey: 'FIELD_MENU_COMPONENT' });
    if (data.redirect !== null && !MENU_PATH_PATTERN.test(data.redirect))
      problems.push({ field: 'redirect', messageKey: 'FIELD_MENU_PATH' });
    if (data.pid !== 0 && !(await this.validParent(data.appCode, data.pid, id)))
      problems.push({ field: 'pid', messageKey: 'FIELD_MENU_PARENT' });
    if (problems.length > 0) throw AppError.invalidFields(problems);
    const [taken] = await this.db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.appCode, data.appCode), eq(menus.path, data.path)));
    if (taken && taken.id !== id) throw this.pathExists(data.path);
  }

  /** The parent must be a menu of the same application, neither the menu itself nor below it. */
  private async validParent(appCode: string, pid: number, id?: number): Promise<boolean> {
    const appMenus = await this.db
      .select({ id: menus.id, pid: menus.pid })
      .from(menus)
      .where(eq(menus.appCode, appCode));
    if (!appMenus.some((menu) => menu.id === pid)) return false;
    return id === undefined || (pid !== id && !descendantsOf(id, appMenus).has(pid));
  }

  private async checkApplication(appCode: string, field: string) {
    const [app] = await this.db.select().from(applications).where(eq(applications.code, appCode));
    if (!app) throw AppError.invalidFields([{ field, messageKey: 'FIELD_APPLICATION' }]);
  }

  private async menu(id: number): Promise<MenuRow> {
    const [menu] = await this.db.select().from(menus).where(eq(menus.id, id)).limit(1);
    if (!menu) throw new AppError('MENU_NOT_FOUND');
    return menu;
  }

  private pathExists(path: string) {
    return AppError.duplicateField('MENU_PATH_EXISTS', 'path', path);
  }

  /** The unique index settles two saves racing for the same path. */
  private unique<T>(path: string, work: () => Promise<T>): Promise<T> {
    return refuseDuplicate(work, () => this.pathExists(path));
  }
}
