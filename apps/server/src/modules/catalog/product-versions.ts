import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersionModels, catalogVersions, catalogVersionParts } from '../../db/schema';

/*
 * A version names what it is for in two ways: the server models it supports, and the part
 * numbers (PCIe cards) it fits. These are the two joins that find a product's versions; every
 * reader asks through them, so that "the versions for this model / this part" means one thing.
 * `columns` are of catalog_versions and catalog_items; `condition` says which versions count
 * (released, visible ...). The answer is a query: a caller may still order it.
 */

/** The versions supporting any of `modelIds`, each row with the model id it was found by. */
export function versionsOfModels<Columns extends SelectedFields>(
  db: Db,
  columns: Columns,
  modelIds: number[],
  condition: SQL | undefined,
) {
  return db
    .select({ ...columns, modelId: catalogVersionModels.modelId })
    .from(catalogVersionModels)
    .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionModels.versionId))
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .where(and(inArray(catalogVersionModels.modelId, modelIds), condition));
}

/** The versions fitting any of `pns`, each row with the part number it was found by. */
export function versionsOfParts<Columns extends SelectedFields>(
  db: Db,
  columns: Columns,
  pns: string[],
  condition: SQL | undefined,
) {
  return db
    .select({ ...columns, pn: catalogVersionParts.partNumber })
    .from(catalogVersionParts)
    .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionParts.versionId))
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .where(and(inArray(catalogVersionParts.partNumber, pns), condition));
}

/** The catalogue's versions for these products, both ways at once (none asked, none read). */
export function versionsForProducts<Columns extends SelectedFields>(
  db: Db,
  columns: Columns,
  products: { modelIds: number[]; pns: string[] },
  condition: SQL | undefined,
) {
  const { modelIds, pns } = products;
  return Promise.all([
    modelIds.length === 0 ? [] : versionsOfModels(db, columns, modelIds, condition),
    pns.length === 0 ? [] : versionsOfParts(db, columns, pns, condition),
  ]);
}
