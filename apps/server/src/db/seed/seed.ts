import { randomInt } from 'node:crypto';
import { INDUSTRY_DICT_CODE } from '@portal/contract';
import { hashPassword } from '../../modules/auth/password';
import type { Db } from '../connection';
import {
  applications,
  dictTypes,
  dictValues,
  menus,
  notices,
  permissions,
  releaseNoteItems,
  releaseNotes,
  roleMenus,
  rolePermissions,
  roles,
  serverModels,
  users,
} from '../schema';
import {
  APPLICATIONS,
  INDUSTRIES,
  MENUS,
  type MenuSeed,
  welcomeNotice,
  PERMISSIONS,
  ROLES,
  SERVER_MODELS,
  demoReleaseNotes,
} from './seed-data';
import { seedDemoCustomer } from './seed-demo';

export type SeedPasswords = { admin?: string; demo?: string };
/** `demo: false` seeds the reference data only (no demo customer, shipped servers or entitlements). */
export type SeedOptions = { demo?: boolean };
/**
 * `generated` holds only the passwords the seed made up (the operator must learn them once);
 * passwords the operator supplied are never handed back, so they are never printed.
 */
export type SeedResult = { seeded: false } | { seeded: true; generated: { admin?: string; demo?: string } };

/** A random password meeting the spec's rule (8-16, upper, lower, digit, special). */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%^&*-_'];
  const pick = (set: string) => set[randomInt(0, set.length)] ?? '';
  const chars = sets.flatMap((set) => [pick(set), pick(set), pick(set)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

type SeededMenu = { id: number; name: string };

async function insertMenus(db: Db, appCode: string, seeds: MenuSeed[], pid: number): Promise<SeededMenu[]> {
  const ids: SeededMenu[] = [];
  for (const [index, seed] of seeds.entries()) {
    const [row] = await db
      .insert(menus)
      .values({
        appCode,
        pid,
        name: seed.name,
        path: seed.path,
        component: seed.component,
        redirect: seed.redirect ?? null,
        icon: seed.icon ?? null,
        titleZh: seed.titleZh,
        titleEn: seed.titleEn,
        show: seed.show ?? true,
        hideChildren: seed.hideChildren ?? false,
        sort: index + 1,
      })
      .returning({ id: menus.id });
    if (!row) throw new Error(`menu ${seed.name} was not inserted`);
    ids.push(
      { id: row.id, name: seed.name },
      ...(await insertMenus(db, appCode, seed.children ?? [], row.id)),
    );
  }
  return ids;
}

/**
 * Writes reference data and (unless `demo: false`) the demo customer once: does nothing when applications already exist. The demo's
 * dates (ship dates, maintenance ends, releases) are computed from the day of `now`.
 */
export async function seedDatabase(
  db: Db,
  passwords: SeedPasswords = {},
  now: Date = new Date(),
  options: SeedOptions = {},
): Promise<SeedResult> {
  const existing = await db.select({ id: applications.id }).from(applications).limit(1);
  if (existing.length > 0) return { seeded: false };
  const adminPassword = passwords.admin ?? generatePassword();
  const withDemo = options.demo !== false;
  const demoPassword = withDemo ? (passwords.demo ?? generatePassword()) : undefined;
  const [adminHash, demoHash] = await Promise.all([
    hashPassword(adminPassword),
    demoPassword === undefined ? undefined : hashPassword(demoPassword),
  ]);

  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t.insert(applications).values(APPLICATIONS);
    const menuIdsByApp = new Map<string, SeededMenu[]>();
    for (const [appCode, seeds] of Object.entries(MENUS))
      menuIdsByApp.set(appCode, await insertMenus(t, appCode, seeds, 0));
    await t
      .insert(permissions)
      .values(PERMISSIONS.map(([code, nameZh, nameEn]) => ({ code, nameZh, nameEn })));

    const roleIds = new Map<string, number>();
    for (const role of ROLES) {
      const [row] = await t
        .insert(roles)
        .values({
          code: role.code,
          nameZh: role.nameZh,
          nameEn: role.nameEn,
          descriptionZh: role.descriptionZh,
          descriptionEn: role.descriptionEn,
          builtIn: true,
        })
        .returning();
      if (!row) throw new Error(`role ${role.code} was not inserted`);
      roleIds.set(role.code, row.id);
      const seeded = [...menuIdsByApp.values()].flat();
      const menuIds = [
        ...role.apps
          .flatMap((app) => menuIdsByApp.get(app) ?? [])
          .filter((menu) => !role.withoutMenus?.includes(menu.name)),
        ...seeded.filter((menu) => role.menus?.includes(menu.name)),
      ].map((menu) => menu.id);
      await t.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: row.id, menuId })));
      await t
        .insert(rolePermissions)
        .values(role.permissions.map((permissionCode) => ({ roleId: row.id, permissionCode })));
    }

    const [industry] = await t
      .insert(dictTypes)
      .values({ code: INDUSTRY_DICT_CODE, nameZh: '行业', nameEn: 'Industry', sort: 1 })
      .returning();
    if (!industry) throw new Error('industry dictionary was not inserted');
    await t.insert(dictValues).values(
      INDUSTRIES.map(([code, nameZh, nameEn], index) => ({
        typeId: industry.id,
        code,
        nameZh,
        nameEn,
        sort: index + 1,
      })),
    );

    for (const release of demoReleaseNotes(now)) {
      const [note] = await t
        .insert(releaseNotes)
        .values({ version: release.version, releasedAt: release.releasedAt })
        .returning();
      if (!note) throw new Error(`release ${release.version} was not inserted`);
      await t.insert(releaseNoteItems).values(
        release.items.map(([kind, textZh, textEn], sort) => ({
          releaseNoteId: note.id,
          kind,
          textZh,
          textEn,
          sort,
        })),
      );
    }

    await t
      .insert(serverModels)
      .values(SERVER_MODELS.map(([code, family, nameZh, nameEn]) => ({ code, family, nameZh, nameEn })));

    const [admin] = await t
      .insert(users)
      .values({
        account: 'admin',
        passwordHash: adminHash,
        nickName: 'Administrator',
        name: '管理员',
        adminType: '1',
        sourceType: '00',
      })
      .returning();
    if (admin) await t.insert(notices).values(welcomeNotice(admin.id));
    const customerRole = roleIds.get('customer');
    if (demoHash && customerRole)
      await seedDemoCustomer(t, { passwordHash: demoHash, customerRoleId: customerRole, now });
  });
  return {
    seeded: true,
    generated: {
      ...(passwords.admin === undefined ? { admin: adminPassword } : {}),
      ...(withDemo && passwords.demo === undefined ? { demo: demoPassword } : {}),
    },
  };
}
