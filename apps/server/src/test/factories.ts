import type { Locale } from '@portal/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { organisations, roleMenus, rolePermissions, roles, userRoles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { normaliseCompany } from '../modules/serials/serial.service';

let sequence = 0;

export type UserFactoryInput = {
  account?: string;
  password?: string;
  roleCodes?: string[];
  adminType?: '1' | '2';
  frozen?: boolean;
  email?: string;
  /** What the user typed: contact information only. */
  company?: string;
  /** The organisation staff assigned the user to (created when new): what grants ownership. */
  organisation?: string;
  /**
   * The language the user's mails are in (the column's default, zh-CN, when left out); '' stands
   * for an account that never stored one.
   */
  locale?: Locale | '';
};

/** The id of the organisation named `name` (normalised like shipping records), created when new. */
export async function organisationId(db: Db, name: string): Promise<number> {
  const normalisedName = normaliseCompany(name);
  await db.insert(organisations).values({ name, normalisedName }).onConflictDoNothing();
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.normalisedName, normalisedName));
  if (!row) throw new Error(`organisation ${name} not stored`);
  return row.id;
}

/**
 * One argon2 hash per password for the run's test users: hashing at the production profile costs
 * ~37 ms of CPU, and the factory makes users by the thousand (issue 41). Each user still gets a
 * real argon2id hash of its password, so signing in verifies it as in production.
 */
const hashes = new Map<string, Promise<string>>();
function factoryHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

/** Inserts a user with the given roles; the password defaults to one meeting the spec's rule. */
export async function createUser(db: Db, input: UserFactoryInput = {}) {
  sequence += 1;
  const account = input.account ?? `user_${sequence}`;
  const password = input.password ?? 'Factory#Pass1';
  const [user] = await db
    .insert(users)
    .values({
      account,
      passwordHash: await factoryHash(password),
      nickName: `Nick ${sequence}`,
      name: `Name ${sequence}`,
      adminType: input.adminType ?? '2',
      frozen: input.frozen ?? false,
      email: input.email ?? '',
      company: input.company ?? '',
      organisationId: input.organisation === undefined ? null : await organisationId(db, input.organisation),
      locale: input.locale,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  for (const code of input.roleCodes ?? []) {
    const [role] = await db.select().from(roles).where(eq(roles.code, code));
    if (!role) throw new Error(`no role ${code}`);
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  }
  return { ...user, password };
}

/** A user as `createUser` answers it: the row and its password in clear. */
export type TestUser = Awaited<ReturnType<typeof createUser>>;

/** A role `code` holding the button permissions `permissionCodes` (and no menus). */
export async function createRole(db: Db, code: string, permissionCodes: string[]) {
  const [role] = await db.insert(roles).values({ code, nameZh: code, nameEn: code }).returning();
  if (!role) throw new Error(`role ${code} not created`);
  if (permissionCodes.length)
    await db
      .insert(rolePermissions)
      .values(permissionCodes.map((permissionCode) => ({ roleId: role.id, permissionCode })));
  return role;
}

/**
 * A role `code` holding every permission of the seeded `staff` role but the `without` ones (and,
 * with `menus`, the staff menus too): staff who may do everything but what an attack test tries.
 */
export async function createStaffRoleWithout(
  db: Db,
  code: string,
  without: string[],
  options: { menus?: boolean } = {},
) {
  const [staff] = await db.select().from(roles).where(eq(roles.code, 'staff'));
  if (!staff) throw new Error('no staff role');
  const held = await db
    .select({ code: rolePermissions.permissionCode })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.roleId, staff.id), notInArray(rolePermissions.permissionCode, without)));
  const role = await createRole(
    db,
    code,
    held.map((permission) => permission.code),
  );
  if (!options.menus) return role;
  const menus = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, staff.id));
  if (menus.length)
    await db.insert(roleMenus).values(menus.map(({ menuId }) => ({ roleId: role.id, menuId })));
  return role;
}
