import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersionModels, catalogVersions, catalogVersionParts } from '../../db/schema';

/**
 * The catalogue's versions for these products, found the two ways a version names what it is for:
 * the server models it supports, and the part numbers (PCIe cards) it fits. Each row has `columns`
 * (of catalog_versions and catalog_items) and the model id or the part number it was found by;
 * `condition` says which versions count (released, visible ...).
 */
export function versionsForProducts<Columns extends SelectedFields>(
  db: Db,
  columns: Columns,
  products: { modelIds: number[]; pns: string[] },
  condition: SQL | undefined,
) {
  const { modelIds, pns } = products;
  return Promise.all([
    modelIds.length === 0
      ? []
      : db
          .select({ ...columns, modelId: catalogVersionModels.modelId })
          .from(catalogVersionModels)
          .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionModels.versionId))
          .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
          .where(and(inArray(catalogVersionModels.modelId, modelIds), condition)),
    pns.length === 0
      ? []
      : db
          .select({ ...columns, pn: catalogVersionParts.partNumber })
          .from(catalogVersionParts)
          .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionParts.versionId))
          .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
          .where(and(inArray(catalogVersionParts.partNumber, pns), condition)),
  ]);
}
