import { type InventoryKind, type SoftwareIdMap } from '@portal/contract';
import type { Db } from '../../db/connection';
import type { CatalogAccess } from '../catalog/catalog-access';
import { itemsWithSoftwareIds, publishedPartsOf } from './software-id.repository';

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
    const items = await itemsWithSoftwareIds(this.db);
    const viewer = await this.access.viewerOf(userId);
    const visible = [];
    for (const item of items) if (await this.access.canSee(viewer, item)) visible.push(item);
    const cards = visible.filter((item) => item.kind === 'PCIE').map((item) => item.id);
    const parts = await publishedPartsOf(this.db, cards);
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
