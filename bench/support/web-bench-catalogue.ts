// What the web benches' realistic data is drawn from: the catalogue the portal was seeded with, as
// the portal offers it to the demo customer's fleet (`releasesFor`, compliance's own rule: published,
// no pre-release, visible to that customer, in the product's version order), so the fleet and the
// advisories name exactly the models, kinds, cards and versions that compliance compares with (and
// follow the demo catalogue when it changes).
import { type ReleaseIndex, releaseKey } from '@portal/contract/compliance';
import type { Db } from '../../apps/server/src/db/connection';
import { catalogVersionParts, serverModels } from '../../apps/server/src/db/schema';
import type { CatalogAccess } from '../../apps/server/src/modules/catalog/catalog-access';
import { releasesFor } from '../../apps/server/src/modules/fleet/fleet-catalogue.repository';

export type BenchModel = { id: number; code: string; family: string };

export type BenchCatalogue = {
  models: BenchModel[];
  /** Part numbers of the PCIe cards the customer is offered firmware for. */
  cards: string[];
  /** The releases per `releaseKey` (contract), oldest first. */
  releases: ReleaseIndex;
};

/** The catalogue as `viewerId`'s fleet is offered it: every model, and the cards with firmware. */
export async function readBenchCatalogue(
  db: Db,
  access: CatalogAccess,
  viewerId: number,
): Promise<BenchCatalogue> {
  const models = await db
    .select({ id: serverModels.id, code: serverModels.code, family: serverModels.family })
    .from(serverModels)
    .orderBy(serverModels.code);
  const parts = await db.selectDistinct({ pn: catalogVersionParts.partNumber }).from(catalogVersionParts);
  const releases = await releasesFor(
    db,
    access,
    await access.viewerOf(viewerId),
    models.map((model) => model.id),
    parts.map((part) => part.pn),
  );
  const cards = parts
    .map((part) => part.pn)
    .filter((pn) => releases.has(releaseKey({ pn })))
    .sort();
  return { models, cards, releases };
}
