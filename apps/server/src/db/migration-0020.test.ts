import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';

import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../test/test-app';
import type { Database } from './connection';
import { menus, roles } from './schema';
import { databaseBeforeMigration, ROLES_OF_LATER_MIGRATIONS } from '../test/partial-migrations';

const OLD_CUSTOMER = 'Given to every registered account: downloads and activation codes';
const OLD_STAFF = 'Vendor staff: the downloads and the system application';

describe.each(DRIVERS)('migration 0020 (native text) on %s', (driver) => {
  let database: Database;
  const migrateUpTo0019 = databaseBeforeMigration(driver, '0019_pg_boss', (opened) => {
    database = opened;
  });

  it('translates the seeded role descriptions and renames the 个人设置 menu of a database from before it', async () => {
    await migrateUpTo0019();
    // The rows as a database seeded before 0020 had them: one description column, in English.
    await database.db.execute(sql`
      insert into roles (code, name_zh, name_en, description, built_in) values
        ('customer', '客户', 'Customer', ${OLD_CUSTOMER}, true),
        ('staff', '员工', 'Staff', ${OLD_STAFF}, true),
        ('support', '支持', 'Support', 'Answers tickets', false),
        ('reseller', '代理商', 'Reseller', '', false)`);
    // Staff rewrote the staff role's description: theirs is kept (in both languages).
    await database.db.execute(sql`update roles set description = 'Our own words' where code = 'staff'`);
    await database.db.execute(sql`
      insert into applications (code, name_zh, name_en) values ('mirror', '镜像站', 'Mirror')`);
    await database.db.execute(sql`
      insert into menus (app_code, pid, name, path, component, title_zh, title_en) values
        ('mirror', 0, 'settings', '/account/settings', 'account/settings', '个人设置', 'Account settings'),
        ('mirror', 0, 'center', '/account/center', 'account/center', '个人中心', 'Personal center')`);

    await database.migrate();

    const described = await database.db
      .select({ code: roles.code, zh: roles.descriptionZh, en: roles.descriptionEn })
      .from(roles)
      // The roles of that database: later migrations bring their own (ROLES_OF_LATER_MIGRATIONS).
      .where(notInArray(roles.code, ROLES_OF_LATER_MIGRATIONS))
      .orderBy(asc(roles.code));
    expect(described).toEqual([
      { code: 'customer', zh: '每个注册账号都有：下载与生成激活码', en: OLD_CUSTOMER },
      { code: 'reseller', zh: '', en: '' },
      { code: 'staff', zh: 'Our own words', en: 'Our own words' },
      { code: 'support', zh: 'Answers tickets', en: 'Answers tickets' },
    ]);

    // Later migrations may add menus under these (0024: automation sections); these two are 0020's.
    const titles = await database.db
      .select({ path: menus.path, zh: menus.titleZh, en: menus.titleEn })
      .from(menus)
      .where(inArray(menus.path, ['/account/center', '/account/settings']))
      .orderBy(asc(menus.path));
    expect(titles).toEqual([
      { path: '/account/center', zh: '个人中心', en: 'Personal center' },
      { path: '/account/settings', zh: '账号设置', en: 'Account settings' },
    ]);
  });

  it('translates the staff description as seeded too, and a menu staff renamed stays as they named it', async () => {
    await migrateUpTo0019();
    await database.db.execute(sql`
      insert into roles (code, name_zh, name_en, description, built_in) values
        ('staff', '员工', 'Staff', ${OLD_STAFF}, true)`);
    await database.db.execute(sql`
      insert into applications (code, name_zh, name_en) values ('mirror', '镜像站', 'Mirror')`);
    await database.db.execute(sql`
      insert into menus (app_code, pid, name, path, component, title_zh, title_en) values
        ('mirror', 0, 'settings', '/account/settings', 'account/settings', '我的设置', 'Account settings')`);

    await database.migrate();

    const [staff] = await database.db.select().from(roles).where(eq(roles.code, 'staff'));
    expect(staff).toMatchObject({ descriptionZh: '厂商员工：下载与系统管理应用', descriptionEn: OLD_STAFF });
    const [menu] = await database.db.select().from(menus).where(eq(menus.path, '/account/settings'));
    expect(menu?.titleZh).toBe('我的设置');
  });
});
