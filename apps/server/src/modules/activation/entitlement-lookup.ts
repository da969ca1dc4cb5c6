import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { entitlementSerials, entitlements, serialNumbers, userSerials } from '../../db/schema';
import { organisationOf, ownedSerials, ownsSerial } from '../serials/serial.service';
import { versionInRange } from './entitlement-match';

export type EntitlementRow = typeof entitlements.$inferSelect;

/**
 * Whether the user may act for server `sn`: bound and verified, or shipped to their
 * staff-assigned organisation (ownedSerials). Anything else is "not yours".
 */
export async function userHoldsSerial(db: Db, userId: number, sn: string): Promise<boolean> {
  return (await ownedSerials(db, userId, [sn])).has(sn);
}

/**
 * The entitlements covering `sn` for `product` (and `version` when given), best first: latest
 * maintenance end, then most nodes left. Only call after {@link userHoldsSerial}.
 */
export async function coveringEntitlements(
  db: Db,
  filter: { sn: string; product: string; version?: string; trial: boolean },
): Promise<EntitlementRow[]> {
  const covering = db
    .select({ id: entitlementSerials.entitlementId })
    .from(entitlementSerials)
    .where(eq(entitlementSerials.sn, filter.sn));
  const rows = await db
    .select()
    .from(entitlements)
    .where(
      and(
        inArray(entitlements.id, covering),
        eq(entitlements.product, filter.product),
        eq(entitlements.trial, filter.trial),
      ),
    )
    .orderBy(
      sql`${entitlements.maintenanceEnd} desc`,
      sql`${entitlements.remainingNodes} desc`,
      entitlements.id,
    );
  const { version } = filter;
  return version === undefined
    ? rows
    : rows.filter((row) => versionInRange(version, row.versionFrom, row.versionTo));
}

/** Entitlements covering any server the user holds (for their own overview). */
export async function entitlementsOfUser(
  db: Db,
  userId: number,
): Promise<{ row: EntitlementRow; serials: string[] }[]> {
  const organisation = await organisationOf(db, userId);
  const rows = await db
    .select({
      entitlement: entitlements,
      sn: entitlementSerials.sn,
      customer: serialNumbers.customerName,
      state: userSerials.state,
    })
    .from(entitlements)
    .innerJoin(entitlementSerials, eq(entitlementSerials.entitlementId, entitlements.id))
    .innerJoin(serialNumbers, eq(serialNumbers.sn, entitlementSerials.sn))
    .leftJoin(userSerials, and(eq(userSerials.sn, entitlementSerials.sn), eq(userSerials.userId, userId)))
    .orderBy(entitlements.id, entitlementSerials.sn);
  const held = new Map<number, { row: EntitlementRow; serials: string[] }>();
  for (const { entitlement, sn, ...binding } of rows) {
    if (!ownsSerial(organisation, binding)) continue;
    const entry = held.get(entitlement.id) ?? { row: entitlement, serials: [] };
    entry.serials.push(sn);
    held.set(entitlement.id, entry);
  }
  return [...held.values()];
}
