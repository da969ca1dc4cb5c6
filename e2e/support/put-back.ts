import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  activations,
  apiTokens,
  entitlements,
  notices,
  passwordResetTokens,
  sessions,
  users,
  verificationCodes,
} from '../../apps/server/src/db/schema';
import type { Portal } from './console';

/**
 * Put-backs no request can make, straight in the portal's database: a test that spends something
 * for good (a mailed code's resend interval, a password, sessions) leaves the portal so that its
 * retry (CI runs a failed test once more, on the same portal) starts as its first attempt did.
 */

/** The id of the user `account`. */
export async function userIdOf(portal: Portal, account: string): Promise<number> {
  const [user] = await portal.db().select({ id: users.id }).from(users).where(eq(users.account, account));
  if (!user) throw new Error(`no user ${account}`);
  return user.id;
}

/** Forgets the codes mailed to `destination` since `since`, so that a retry may ask for one at once. */
export async function forgetCodesSince(portal: Portal, destination: string, since: Date): Promise<void> {
  await portal
    .db()
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.destination, destination), gte(verificationCodes.createdAt, since)));
}

/** The stored hash of the password of `account`, to put back with `restorePasswordHash`. */
export async function passwordHashOf(portal: Portal, account: string): Promise<string> {
  const [user] = await portal
    .db()
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.account, account));
  if (!user) throw new Error(`no user ${account}`);
  return user.hash;
}

/** Puts the password of `account` back (as its hash) and ends all of its sessions. */
export async function restorePassword(portal: Portal, account: string, hash: string): Promise<void> {
  const id = await userIdOf(portal, account);
  await portal.db().update(users).set({ passwordHash: hash }).where(eq(users.id, id));
  await portal
    .db()
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
}

/**
 * Takes back the activation codes issued to `machineCode` since `since`: their nodes return to
 * their entitlements and they leave the history, as if never issued.
 */
export async function takeBackActivations(portal: Portal, machineCode: string, since: Date): Promise<void> {
  const issued = and(eq(activations.machineCode, machineCode), gte(activations.createdAt, since));
  await portal.db().transaction(async (tx) => {
    const rows = await tx.delete(activations).where(issued).returning();
    for (const row of rows) {
      await tx
        .update(entitlements)
        .set({ remainingNodes: sql`${entitlements.remainingNodes} + ${row.nodes}` })
        .where(eq(entitlements.id, row.entitlementId));
    }
  });
}

/** The ids of the unread notices of `account`, to mark unread again with `markUnread`. */
export async function unreadNoticesOf(portal: Portal, account: string): Promise<number[]> {
  const userId = await userIdOf(portal, account);
  const rows = await portal
    .db()
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return rows.map((row) => row.id);
}

/** Marks the notices `ids` unread again. */
export async function markUnread(portal: Portal, ids: number[]): Promise<void> {
  for (const id of ids) await portal.db().update(notices).set({ readAt: null }).where(eq(notices.id, id));
}

/** Deletes the API tokens `account` made since `since` (revoked ones stay listed for good). */
export async function deleteApiTokensSince(portal: Portal, account: string, since: Date): Promise<void> {
  const userId = await userIdOf(portal, account);
  await portal
    .db()
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), gte(apiTokens.createdAt, since)));
}

/** Forgets the password links mailed for `account` since `since`: a retry is mailed one at once. */
export async function forgetResetLinksSince(portal: Portal, account: string, since: Date): Promise<void> {
  const userId = await userIdOf(portal, account);
  await portal
    .db()
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gte(passwordResetTokens.createdAt, since)));
}
