import { randomInt } from 'node:crypto';
import { INDUSTRY_DICT_CODE } from '@portal/contract';
import { hashPassword } from '../../modules/auth/password';
import type { Db } from '../connection';
import { normaliseCompany } from '../../modules/serials/serial.service';
import {
  entitlementSerials,
  entitlements,
  applications,
  dictTypes,
  dictValues,
  menus,
  notices,
  organisations,
  permissions,
  releaseNoteItems,
  releaseNotes,
  roleMenus,
  rolePermissions,
  roles,
  serialNumbers,
  serverModels,
  userRoles,
  users,
} from '../schema';
import {
  APPLICATIONS,
  DEMO_COMPANY,
  INDUSTRIES,
  MENUS,
  type MenuSeed,
  PERMISSIONS,
  ROLES,
  SERVER_MODELS,
  WELCOME_NOTICE,
  demoEntitlements,
  demoReleaseNotes,
  demoSerialNumbers,
} from './seed-data';

export type SeedPasswords = { admin?: string; demo?: string };
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

async function insertMenus(db: Db, appCode: string, seeds: MenuSeed[], pid: number): Promise<number[]> {
  const ids: number[] = [];
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
    ids.push(row.id, ...(await insertMenus(db, appCode, seed.children ?? [], row.id)));
  }
  return ids;
}

/**
 * Writes reference and demo data once: does nothing when applications already exist. The demo's
 * dates (ship dates, maintenance ends, releases) are computed from the day of `now`.
 */
export async function seedDatabase(
  db: Db,
  passwords: SeedPasswords = {},
  now: Date = new Date(),
): Promise<SeedResult> {
  const existing = await db.select({ id: applications.id }).from(applications).limit(1);
  if (existing.length > 0) return { seeded: false };
  const adminPassword = passwords.admin ?? generatePassword();
  const demoPassword = passwords.demo ?? generatePassword();
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(demoPassword)]);
  const serialSeeds = demoSerialNumbers(now);

  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t.insert(applications).values(APPLICATIONS);
    const menuIdsByApp = new Map<string, number[]>();
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
      const menuIds = role.apps.flatMap((app) => menuIdsByApp.get(app) ?? []);
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

    const models = await t
      .insert(serverModels)
      .values(SERVER_MODELS.map(([code, family, nameZh, nameEn]) => ({ code, family, nameZh, nameEn })))
      .returning();
    const modelId = (code: string) => {
      const model = models.find((m) => m.code === code);
      if (!model) throw new Error(`unknown model ${code}`);
      return model.id;
    };
    await t.insert(serialNumbers).values(
      serialSeeds.map((serial) => ({
        sn: serial.sn,
        modelId: modelId(serial.model),
        customerName: serial.customer,
        shipDate: serial.shipDate,
        maintenanceEnd: serial.maintenanceEnd,
        pcieParts: serial.pcieParts,
        installedFirmware: serial.installedFirmware ?? {},
      })),
    );
    // Every customer the shipping records name is an organisation; staff assign accounts to them.
    const seededOrganisations = await t
      .insert(organisations)
      .values(
        [...new Map(serialSeeds.map((s) => [normaliseCompany(s.customer), s.customer])).entries()].map(
          ([normalisedName, name]) => ({ name, normalisedName }),
        ),
      )
      .returning();
    const demoOrganisation = seededOrganisations.find(
      (o) => o.normalisedName === normaliseCompany(DEMO_COMPANY),
    );
    for (const { serials, ...entitlement } of demoEntitlements(now)) {
      const [row] = await t
        .insert(entitlements)
        .values({ ...entitlement, remainingNodes: entitlement.authorisedNodes })
        .returning({ id: entitlements.id });
      if (row)
        await t.insert(entitlementSerials).values(serials.map((sn) => ({ entitlementId: row.id, sn })));
    }

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
    const [demo] = await t
      .insert(users)
      .values({
        account: 'demo',
        passwordHash: demoHash,
        nickName: 'Demo',
        name: '演示客户',
        email: 'demo@example.com',
        company: DEMO_COMPANY,
        // As staff would assign it: the company a customer types grants nothing by itself.
        organisationId: demoOrganisation?.id ?? null,
        industry: 'internet',
      })
      .returning();
    const customerRole = roleIds.get('customer');
    if (demo && customerRole) await t.insert(userRoles).values({ userId: demo.id, roleId: customerRole });
    for (const user of [admin, demo]) {
      if (!user) continue;
      await t.insert(notices).values({
        userId: user.id,
        titleZh: WELCOME_NOTICE.title.zh,
        titleEn: WELCOME_NOTICE.title.en,
        contentZh: WELCOME_NOTICE.content.zh,
        contentEn: WELCOME_NOTICE.content.en,
      });
    }
  });
  return {
    seeded: true,
    generated: {
      ...(passwords.admin === undefined ? { admin: adminPassword } : {}),
      ...(passwords.demo === undefined ? { demo: demoPassword } : {}),
    },
  };
}
