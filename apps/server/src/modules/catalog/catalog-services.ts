import type { Db } from '../../db/connection';
import type { FileStore } from '../../lib/file-store/file-store';
import { CatalogAccess } from './catalog-access';
import { CatalogService } from './catalog.service';
import { PcieLookupService } from './pcie-lookup.service';

export type CatalogServices = {
  /** Who may see which item and version (public, restricted to organisations, SN owners). */
  catalogAccess: CatalogAccess;
  catalog: CatalogService;
  /** PCIe cards by part number or server SN. */
  pcie: PcieLookupService;
};

/** Wires the catalogue: what a person may see, the lists and the PCIe lookup. */
export function createCatalogServices(deps: { db: Db; store: FileStore }): CatalogServices {
  const catalogAccess = new CatalogAccess(deps.db);
  return {
    catalogAccess,
    catalog: new CatalogService(deps.db, catalogAccess, deps.store),
    pcie: new PcieLookupService(deps.db, catalogAccess),
  };
}
