import { INVENTORY_KINDS } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersionParts, catalogVersions } from '../../db/schema';

/** Catalogue items of a component kind that carry Redfish SoftwareIds. */
export function itemsWithSoftwareIds(db: Db) {
  return db
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
}

/** The part numbers published versions of these (card) items name. */
export async function publishedPartsOf(db: Db, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db
    .selectDistinct({ itemId: catalogVersions.itemId, pn: catalogVersionParts.partNumber })
    .from(catalogVersionParts)
    .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionParts.versionId))
    .where(and(inArray(catalogVersions.itemId, itemIds), eq(catalogVersions.status, 'published')));
}
