import { compareVersions, installOrderOf } from '@portal/contract';
import { type ReleaseIndex, releaseKey } from '@portal/contract/compliance';
import { and, eq, not } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions } from '../../db/schema';
import type { CatalogAccess, Viewer } from '../catalog/catalog-access';
import { versionsForProducts } from '../catalog/product-versions';

/**
 * What the catalogue offers a fleet: every published, non-pre-release version of the models' and
 * part numbers' firmware that the viewer may see (the catalogue's one rule), in the product's
 * version order. Recalled versions and drafts are never a target.
 */
export async function releasesFor(
  db: Db,
  access: CatalogAccess,
  viewer: Viewer,
  modelIds: number[],
  pns: string[],
): Promise<ReleaseIndex> {
  const columns = {
    versionId: catalogVersions.id,
    version: catalogVersions.version,
    fileName: catalogVersions.fileName,
    fileSize: catalogVersions.fileSize,
    sha256: catalogVersions.sha256,
    rebootRequired: catalogVersions.rebootRequired,
    prerequisites: catalogVersions.prerequisites,
    installOrder: catalogVersions.installOrder,
    itemId: catalogItems.id,
    visibility: catalogItems.visibility,
    kind: catalogItems.kind,
    nameZh: catalogItems.nameZh,
    nameEn: catalogItems.nameEn,
  };
  const released = and(eq(catalogVersions.status, 'published'), not(catalogVersions.preRelease));
  const [byModel, byPart] = await versionsForProducts(db, columns, { modelIds, pns }, released);
  const visible = new Map<number, boolean>();
  const maySee = async (row: { itemId: number; visibility: string }) => {
    if (!visible.has(row.itemId))
      visible.set(row.itemId, await access.canSee(viewer, { id: row.itemId, visibility: row.visibility }));
    return visible.get(row.itemId)!;
  };
  const index: ReleaseIndex = new Map();
  const add = (key: string, row: (typeof byModel)[number] | (typeof byPart)[number]) => {
    const list = index.get(key) ?? [];
    list.push({
      versionId: row.versionId,
      version: row.version,
      itemName: { zh: row.nameZh, en: row.nameEn },
      fileName: row.fileName,
      fileSize: row.fileSize,
      sha256: row.sha256,
      rebootRequired: row.rebootRequired,
      prerequisites: row.prerequisites,
      installOrder: installOrderOf(row.kind, row.installOrder),
    });
    index.set(key, list);
  };
  for (const row of byModel)
    if (await maySee(row)) add(releaseKey({ modelId: row.modelId, kind: row.kind }), row);
  for (const row of byPart) if (await maySee(row)) add(releaseKey({ pn: row.pn }), row);
  for (const list of index.values()) list.sort((a, b) => compareVersions(a.version, b.version));
  return index;
}
