import { and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  catalogItemGrants,
  catalogItems,
  organisations,
  rolePermissions,
  roles,
  serialNumbers,
  serverModels,
  userRoles,
  userSerials,
  users,
} from '../../db/schema';
import { normaliseCompany, ownedSerials } from '../serials/serial.service';

/** A server as an SN lookup shows it to someone who may see it. */
export type VisibleServer = {
  sn: string;
  modelId: number;
  /** The model's code. */
  model: string;
  nameZh: string;
  nameEn: string;
  /** The PCIe cards it was shipped with, by part number. */
  parts: string[];
  /** What it was shipped with: component kind or card PN -> version. */
  installed: Record<string, string>;
};

export const PUBLISH_PERMISSION = 'firmware:publish';

/** Who is looking at the catalogue, reduced to what visibility rules need. */
export type Viewer =
  | { signedIn: false }
  | {
      signedIn: true;
      userId: number;
      /** Super admins and holders of firmware:publish see every item, restricted or not. */
      seesEverything: boolean;
      /**
       * Grant keys this user holds: 'role:<code>', 'customer:<normalised name of the
       * staff-assigned organisation>', 'sn:<verified SN>', 'model:<model of a verified SN>'.
       */
      grantKeys: string[];
    };

export const ANONYMOUS: Viewer = { signedIn: false };

/** Grant values as stored: customer names normalised, SNs and models upper-cased. */
export function normaliseGrantValue(grantType: string, value: string): string {
  if (grantType === 'customer') return normaliseCompany(value);
  if (grantType === 'sn' || grantType === 'model') return value.trim().toUpperCase();
  return value.trim();
}

/**
 * The one place that decides who sees which catalogue item (lists, detail,
 * downloads): public items for everyone, signed-in items for every session,
 * restricted items for holders of one of the item's grants (role, company,
 * verified SN, or verified SN of a model), and everything for publishers.
 */
export class CatalogAccess {
  /**
   * The user and all their grants in one prepared statement: it runs before every catalogue
   * read and download, and each further statement would cost a round trip.
   */
  private readonly userWithGrants;

  constructor(private readonly db: Db) {
    const roleCodes = db
      .select({ code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, users.id));
    const verifiedSerials = db
      .select({ key: sql`'sn:' || ${userSerials.sn}` })
      .from(userSerials)
      .where(and(eq(userSerials.userId, users.id), eq(userSerials.state, 'verified')));
    const modelsOfSerials = db
      .selectDistinct({ key: sql`'model:' || ${serverModels.code}` })
      .from(userSerials)
      .innerJoin(serialNumbers, eq(serialNumbers.sn, userSerials.sn))
      .innerJoin(serverModels, eq(serverModels.id, serialNumbers.modelId))
      .where(and(eq(userSerials.userId, users.id), eq(userSerials.state, 'verified')));
    const publishes = db
      .select({ one: sql`1` })
      .from(rolePermissions)
      .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
      .where(and(eq(userRoles.userId, users.id), eq(rolePermissions.permissionCode, PUBLISH_PERMISSION)));
    this.userWithGrants = db
      .select({
        adminType: users.adminType,
        // The staff-assigned organisation; the `company` a user types grants nothing.
        organisation: sql<string | null>`(select ${organisations.normalisedName} from ${organisations}
          where ${organisations.id} = ${users.organisationId})`,
        roles: sql<string[]>`array(${roleCodes})::text[]`,
        serialKeys: sql<string[]>`array(${verifiedSerials})::text[]`,
        modelKeys: sql<string[]>`array(${modelsOfSerials})::text[]`,
        publishes: sql<boolean>`exists(${publishes})`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('catalog_viewer');
  }

  async viewerOf(userId: number | null): Promise<Viewer> {
    if (userId === null) return ANONYMOUS;
    const [user] = await this.userWithGrants.execute({ userId });
    if (!user) return ANONYMOUS;
    const organisation = user.organisation ?? '';
    return {
      signedIn: true,
      userId,
      seesEverything: user.adminType === '1' || user.publishes,
      grantKeys: [
        ...user.roles.map((code) => `role:${code}`),
        ...(organisation ? [`customer:${organisation}`] : []),
        ...user.serialKeys,
        ...user.modelKeys,
      ],
    };
  }

  /** SQL condition on `catalog_items` for lists and searches (indexes stay usable). */
  visibleItems(viewer: Viewer): SQL | undefined {
    if (!viewer.signedIn) return eq(catalogItems.visibility, 'public');
    if (viewer.seesEverything) return undefined;
    const granted =
      viewer.grantKeys.length > 0
        ? and(
            eq(catalogItems.visibility, 'restricted'),
            exists(
              this.db
                .select({ one: sql`1` })
                .from(catalogItemGrants)
                .where(
                  and(
                    eq(catalogItemGrants.itemId, catalogItems.id),
                    inArray(
                      sql`${catalogItemGrants.grantType} || ':' || ${catalogItemGrants.value}`,
                      viewer.grantKeys,
                    ),
                  ),
                ),
            ),
          )
        : undefined;
    return or(inArray(catalogItems.visibility, ['public', 'signed_in']), granted);
  }

  /**
   * Of `serials`, those whose server the viewer may learn anything about (model, installed
   * cards, firmware): their own (ownedSerials) or, for super admins and publishers, all. Every
   * SN lookup answers the others exactly as it answers an unknown SN.
   */
  async serialsVisibleTo(viewer: Viewer, serials: string[]): Promise<Set<string>> {
    if (!viewer.signedIn) return new Set();
    if (viewer.seesEverything) return new Set(serials);
    return ownedSerials(this.db, viewer.userId, serials);
  }

  /**
   * Of `serials`, the servers the viewer may learn about (serialsVisibleTo), with their model, the
   * PCIe cards and the firmware they were shipped with. Any other SN is simply not answered, so a
   * caller treats it as unknown.
   */
  async serversVisibleTo(viewer: Viewer, serials: string[]): Promise<VisibleServer[]> {
    const visible = await this.serialsVisibleTo(viewer, serials);
    if (visible.size === 0) return [];
    return this.db
      .select({
        sn: serialNumbers.sn,
        modelId: serialNumbers.modelId,
        model: serverModels.code,
        nameZh: serverModels.nameZh,
        nameEn: serverModels.nameEn,
        parts: serialNumbers.pcieParts,
        installed: serialNumbers.installedFirmware,
      })
      .from(serialNumbers)
      .innerJoin(serverModels, eq(serverModels.id, serialNumbers.modelId))
      .where(inArray(serialNumbers.sn, [...visible]));
  }

  /** The same rule for one item already loaded. */
  async canSee(viewer: Viewer, item: { id: number; visibility: string }): Promise<boolean> {
    if (item.visibility === 'public') return true;
    if (!viewer.signedIn) return false;
    if (viewer.seesEverything || item.visibility === 'signed_in') return true;
    if (item.visibility !== 'restricted' || viewer.grantKeys.length === 0) return false;
    const grants = await this.db
      .select({ grantType: catalogItemGrants.grantType, value: catalogItemGrants.value })
      .from(catalogItemGrants)
      .where(eq(catalogItemGrants.itemId, item.id));
    return grants.some((g) => viewer.grantKeys.includes(`${g.grantType}:${g.value}`));
  }
}
