import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogVersionModels, catalogVersionParts, serverModels } from '../../db/schema';

/** What one version supports: server models (id and code, by code) and PCIe part numbers (sorted). */
export type VersionSupport = { models: { id: number; code: string }[]; parts: string[] };

/**
 * The models and part numbers that versions support, in two batched queries, looked up by version
 * id: publishing lists, webhook payloads and the VEX triage name the same things, read the same way.
 */
export async function versionSupport(
  db: Db,
  versionIds: number[],
): Promise<(versionId: number) => VersionSupport> {
  const [models, parts] = await Promise.all([
    db
      .select({ versionId: catalogVersionModels.versionId, id: serverModels.id, code: serverModels.code })
      .from(catalogVersionModels)
      .innerJoin(serverModels, eq(serverModels.id, catalogVersionModels.modelId))
      .where(inArray(catalogVersionModels.versionId, versionIds))
      .orderBy(asc(serverModels.code)),
    db
      .select({ versionId: catalogVersionParts.versionId, partNumber: catalogVersionParts.partNumber })
      .from(catalogVersionParts)
      .where(inArray(catalogVersionParts.versionId, versionIds))
      .orderBy(asc(catalogVersionParts.partNumber)),
  ]);
  const supports = new Map<number, VersionSupport>();
  const of = (versionId: number) => {
    let support = supports.get(versionId);
    if (!support) supports.set(versionId, (support = { models: [], parts: [] }));
    return support;
  };
  for (const { versionId, id, code } of models) of(versionId).models.push({ id, code });
  for (const { versionId, partNumber } of parts) of(versionId).parts.push(partNumber);
  return (versionId) => supports.get(versionId) ?? { models: [], parts: [] };
}
