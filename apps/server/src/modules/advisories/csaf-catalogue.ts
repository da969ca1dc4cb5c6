import { inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions } from '../../db/schema';
import { versionsForProducts } from '../catalog/product-versions';
import { modelsOf, namedProducts } from './advisory-products.repository';
import { type CsafCatalogue, type CsafRow, csafProductKeyOf } from './csaf/csaf-product-tree';

/**
 * What the CSAF product tree needs from the catalogue at approval: each affected model's family
 * and the versions released for each affected product (see releasedVersionsByProduct), the
 * advisory's own fixes among them even as drafts: it publishes them at its time.
 */
export async function csafCatalogueOf(
  db: Db,
  affected: Pick<CsafRow, 'modelId' | 'pn' | 'kind'>[],
  fixedVersionIds: number[],
): Promise<CsafCatalogue> {
  const [models, versions] = await Promise.all([
    modelsOf(db, namedProducts(affected).modelIds),
    releasedVersionsByProduct(db, affected, fixedVersionIds),
  ]);
  return { families: Object.fromEntries(models.map((model) => [model.id, model.family])), versions };
}

/**
 * The versions released for each product of these rows, by csafProductKeyOf: a model's items of
 * the row's kind; every item of a part number (a part's row names the kind staff filed it under:
 * NIC, RAID ...). Drafts are left out (no customer runs them) but for `alsoVersionIds`; recalled
 * versions stay in (customers may still run them).
 */
export async function releasedVersionsByProduct(
  db: Db,
  rows: Pick<CsafRow, 'modelId' | 'pn' | 'kind'>[],
  alsoVersionIds: number[] = [],
): Promise<Record<string, string[]>> {
  const released = or(
    ne(catalogVersions.status, 'draft'),
    inArray(catalogVersions.id, alsoVersionIds.length > 0 ? alsoVersionIds : [0]),
  );
  const [byModel, byPart] = await versionsForProducts(
    db,
    { kind: catalogItems.kind, version: catalogVersions.version },
    namedProducts(rows),
    released,
  );
  const versions: Record<string, string[]> = {};
  const add = (key: string, version: string) => {
    const list = (versions[key] ??= []);
    if (!list.includes(version)) list.push(version);
  };
  for (const row of byModel)
    add(csafProductKeyOf({ modelId: row.modelId, pn: null, kind: row.kind }), row.version);
  for (const row of rows)
    if (row.pn !== null)
      for (const part of byPart) if (part.pn === row.pn) add(csafProductKeyOf(row), part.version);
  return versions;
}
