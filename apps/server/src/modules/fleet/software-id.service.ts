import { INVENTORY_KINDS, type InventoryKind, type SoftwareIdMap } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersionParts, catalogVersions } from '../../db/schema';
import type { CatalogAccess } from '../catalog/catalog-access';

/**
 * The Redfish SoftwareIds staff recorded on catalogue items, as the component each stands for
 * (GET /api/fleet/software-ids, read by `fwportal audit`). Only items the caller may see: an id
 * recorded on a restricted item names nothing to anyone else.
 */
export class SoftwareIdService {
  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
  ) {}

  async map(userId: number): Promise<SoftwareIdMap> {
    const items = await this.db
      .select({
        id: catalogItems.id,
        code: catalogItems.code,
        kind: catalogItems.kind,
        visibility: catalogItems.visibility,
        softwareIds: catalogItems.softwareIds,
      })
      .from(catalogItems)
      .where(
        and(
          inArray(catalogItems.kind, [...INVENTORY_KINDS]),
          sql`cardinality(${catalogItems.softwareIds}) > 0`,
        ),
      );
    const viewer = await this.access.viewerOf(userId);
    const visible = [];
    for (const item of items) if (await this.access.canSee(viewer, item)) visible.push(item);
    const cards = visible.filter((item) => item.kind === 'PCIE').map((item) => item.id);
    const parts =
      cards.length === 0
        ? []
        : await this.db
            .selectDistinct({ itemId: catalogVersions.itemId, pn: catalogVersionParts.partNumber })
            .from(catalogVersionParts)
            .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionParts.versionId))
            .where(and(inArray(catalogVersions.itemId, cards), eq(catalogVersions.status, 'published')));
    const entries = visible.flatMap((item) =>
      item.softwareIds.map((softwareId) => ({
        softwareId,
        kind: item.kind as InventoryKind,
        parts: parts
          .filter((row) => row.itemId === item.id)
          .map((row) => row.pn)
          .sort(),
        itemCode: item.code,
      })),
    );
    entries.sort((a, b) =>
      a.softwareId === b.softwareId
        ? a.itemCode.localeCompare(b.itemCode)
        : a.softwareId < b.softwareId
          ? -1
          : 1,
    );
    return { entries };
  }
}
