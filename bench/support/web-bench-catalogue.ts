// What the web benches' realistic data is drawn from: the catalogue the portal was seeded with, read
// back from its database, so the fleet and the advisories name exactly the models, kinds, cards and
// versions that compliance compares with (and follow the demo catalogue when it changes).
import { compareVersions, INVENTORY_KINDS } from '@portal/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/connection';
import {
  catalogItems,
  catalogVersionModels,
  catalogVersionParts,
  catalogVersions,
  serverModels,
} from '../../apps/server/src/db/schema';

export type Release = { id: number; version: string };
export type BenchModel = { id: number; code: string; family: string };

export type BenchCatalogue = {
  models: BenchModel[];
  /** Part numbers of the PCIe cards the catalogue has firmware for. */
  cards: string[];
  /** Published releases per `releaseKey`, oldest first in the portal's version order. */
  releases: Map<string, Release[]>;
};

/** A model's firmware of one kind (`BMC`), or a card's firmware (`PCIE`, its part number). */
export const releaseKey = (kind: string, where: { modelId: number } | { pn: string }) =>
  'pn' in where ? `PCIE:${where.pn}` : `${where.modelId}:${kind}`;

/**
 * The published, not restricted releases of server and card firmware, by model and kind or by
 * part number. Restricted items (early-access and lab builds) are left out: a customer's fleet
 * runs what everyone may download.
 */
export async function readBenchCatalogue(db: Db): Promise<BenchCatalogue> {
  const models = await db
    .select({ id: serverModels.id, code: serverModels.code, family: serverModels.family })
    .from(serverModels)
    .orderBy(serverModels.code);
  const rows = await db
    .select({
      id: catalogVersions.id,
      version: catalogVersions.version,
      kind: catalogItems.kind,
      modelId: catalogVersionModels.modelId,
      pn: catalogVersionParts.partNumber,
    })
    .from(catalogVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .leftJoin(catalogVersionModels, eq(catalogVersionModels.versionId, catalogVersions.id))
    .leftJoin(catalogVersionParts, eq(catalogVersionParts.versionId, catalogVersions.id))
    .where(
      and(
        eq(catalogVersions.status, 'published'),
        ne(catalogItems.visibility, 'restricted'),
        inArray(catalogItems.kind, [...INVENTORY_KINDS]),
      ),
    );
  const releases = new Map<string, Release[]>();
  const add = (key: string, release: Release) => {
    const list = releases.get(key) ?? [];
    if (!list.some((known) => known.id === release.id)) list.push(release);
    releases.set(key, list);
  };
  for (const row of rows) {
    const release = { id: row.id, version: row.version };
    if (row.kind === 'PCIE' && row.pn) add(releaseKey('PCIE', { pn: row.pn }), release);
    else if (row.kind !== 'PCIE' && row.modelId !== null)
      add(releaseKey(row.kind, { modelId: row.modelId }), release);
  }
  for (const list of releases.values()) list.sort((a, b) => compareVersions(a.version, b.version));
  const cards = [
    ...new Set(rows.filter((row) => row.kind === 'PCIE' && row.pn).map((row) => row.pn!)),
  ].sort();
  return { models, cards, releases };
}
