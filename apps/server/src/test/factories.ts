import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { roles, userRoles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';

let sequence = 0;

export type UserFactoryInput = {
  account?: string;
  password?: string;
  roleCodes?: string[];
  adminType?: '1' | '2';
  frozen?: boolean;
  email?: string;
  company?: string;
};

/** Inserts a user with the given roles; the password defaults to one meeting the spec's rule. */
export async function createUser(db: Db, input: UserFactoryInput = {}) {
  sequence += 1;
  const account = input.account ?? `user_${sequence}`;
  const password = input.password ?? 'Factory#Pass1';
  const [user] = await db
    .insert(users)
    .values({
      account,
      passwordHash: await hashPassword(password),
      nickName: `Nick ${sequence}`,
      name: `Name ${sequence}`,
      adminType: input.adminType ?? '2',
      frozen: input.frozen ?? false,
      email: input.email ?? '',
      company: input.company ?? '',
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
