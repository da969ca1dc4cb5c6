import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersionModels, catalogVersionParts, catalogVersions } from '../../db/schema';
import { modelsOf, namedProducts } from './advisory-products.repository';
import { type CsafCatalogue, type CsafRow, csafProductKeyOf } from './csaf/csaf-product-tree';

/**
 * What the CSAF product tree needs from the catalogue at approval: each affected model's family
 * and the versions released for each affected product (a model's items of that kind; every item
 * of a part number). Drafts are left out (no customer runs them) but for the advisory's own
 * fixes, which it publishes at its time; recalled versions stay in (customers may still run them).
 */
export async function csafCatalogueOf(
  db: Db,
  affected: Pick<CsafRow, 'modelId' | 'pn' | 'kind'>[],
  fixedVersionIds: number[],
): Promise<CsafCatalogue> {
  const { modelIds, pns } = namedProducts(affected);
  const released = or(
    ne(catalogVersions.status, 'draft'),
    inArray(catalogVersions.id, fixedVersionIds.length > 0 ? fixedVersionIds : [0]),
  );
  const [models, byModel, byPart] = await Promise.all([
    modelsOf(db, modelIds),
    modelIds.length === 0
      ? []
      : db
          .selectDistinct({
            modelId: catalogVersionModels.modelId,
            kind: catalogItems.kind,
            version: catalogVersions.version,
          })
          .from(catalogVersionModels)
          .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionModels.versionId))
          .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
          .where(and(inArray(catalogVersionModels.modelId, modelIds), released)),
    pns.length === 0
      ? []
      : db
          .selectDistinct({ pn: catalogVersionParts.partNumber, version: catalogVersions.version })
          .from(catalogVersionParts)
          .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionParts.versionId))
          .where(and(inArray(catalogVersionParts.partNumber, pns), released)),
  ]);
  const versions: Record<string, string[]> = {};
  const add = (key: string, version: string) => {
    const list = (versions[key] ??= []);
    if (!list.includes(version)) list.push(version);
  };
  for (const row of byModel)
    add(csafProductKeyOf({ modelId: row.modelId, pn: null, kind: row.kind }), row.version);
  // A part number's row names the kind staff filed it under (NIC, RAID ...): every version of the card counts.
  for (const row of affected)
    if (row.pn !== null)
      for (const part of byPart) if (part.pn === row.pn) add(csafProductKeyOf(row), part.version);
  return { families: Object.fromEntries(models.map((model) => [model.id, model.family])), versions };
}
