import type { AdvisoryTriage, AdvisoryTriageQuery, AdvisoryTriageRow } from '@portal/contract';
import { compareVersions } from '@portal/contract/version-order';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  catalogItems,
  catalogVersionModels,
  catalogVersionParts,
  catalogVersions,
  serverModels,
} from '../../db/schema';
import type { SbomService } from '../sbom/sbom.service';

type Group = Omit<AdvisoryTriageRow, 'versions' | 'affectedFrom' | 'fixedIn'> & {
  versionIds: Set<number>;
  versions: Set<string>;
};

/**
 * VEX triage (issue 43 §2): a CVE's component (purl or CPE, a range of its versions) -> every
 * released firmware version whose SBOM contains it (SbomService.findVersionsContaining), grouped
 * per model and kind (or part number) as the advisory's starting rows, each under investigation
 * from its first such version up to the first later release that no longer contains it. Drafts
 * are left out (no customer runs them); recalled versions stay (customers may still run them).
 */
export async function triageFromSboms(
  db: Db,
  sboms: SbomService,
  query: AdvisoryTriageQuery,
): Promise<AdvisoryTriage> {
  const { purl, cpe, ...range } = query;
  const found = await sboms.findVersionsContaining({
    ...(purl !== undefined ? { purl } : { cpe: cpe ?? '' }),
    range,
    allStatuses: true,
  });
  const hits = found.rows.filter((row) => row.status !== 'draft');
  const ids = [...new Set(hits.map((row) => row.versionId))];
  if (ids.length === 0) return { rows: [], truncated: found.truncated };
  const [models, parts] = await Promise.all([
    db
      .select({
        versionId: catalogVersionModels.versionId,
        modelId: serverModels.id,
        code: serverModels.code,
      })
      .from(catalogVersionModels)
      .innerJoin(serverModels, eq(serverModels.id, catalogVersionModels.modelId))
      .where(inArray(catalogVersionModels.versionId, ids)),
    db
      .select({ versionId: catalogVersionParts.versionId, pn: catalogVersionParts.partNumber })
      .from(catalogVersionParts)
      .where(inArray(catalogVersionParts.versionId, ids)),
  ]);
  const groups = new Map<string, Group>();
  const groupOf = (key: string, make: () => Omit<Group, 'versionIds' | 'versions'>) => {
    const group = groups.get(key) ?? {
      ...make(),
      versionIds: new Set<number>(),
      versions: new Set<string>(),
    };
    groups.set(key, group);
    return group;
  };
  for (const hit of hits) {
    for (const model of models.filter((row) => row.versionId === hit.versionId)) {
      const group = groupOf(`model:${model.modelId}|${hit.kind}`, () => ({
        modelId: model.modelId,
        pn: null,
        productName: model.code,
        kind: hit.kind,
      }));
      group.versionIds.add(hit.versionId);
      group.versions.add(hit.version);
    }
    for (const part of parts.filter((row) => row.versionId === hit.versionId)) {
      const group = groupOf(`pn:${part.pn}|${hit.kind}`, () => ({
        modelId: null,
        pn: part.pn,
        productName: part.pn,
        kind: hit.kind,
      }));
      group.versionIds.add(hit.versionId);
      group.versions.add(hit.version);
    }
  }
  const rows = await Promise.all(
    [...groups.values()].map(async (group): Promise<AdvisoryTriageRow> => {
      const versions = [...group.versions].sort(compareVersions);
      const newest = versions.at(-1) ?? '';
      const later = (await releasesOf(db, group)).filter(
        (version) => compareVersions(version, newest) > 0 && !group.versions.has(version),
      );
      return {
        modelId: group.modelId,
        pn: group.pn,
        productName: group.productName,
        kind: group.kind,
        versions,
        affectedFrom: versions[0] ?? '',
        fixedIn: later.sort(compareVersions)[0] ?? null,
      };
    }),
  );
  rows.sort((a, b) => a.productName.localeCompare(b.productName) || a.kind.localeCompare(b.kind));
  return { rows, truncated: found.truncated };
}

/** Every released or recalled version of a product (a model's items of the kind, or a part's). */
async function releasesOf(db: Db, group: Group): Promise<string[]> {
  const released = ne(catalogVersions.status, 'draft');
  const rows =
    group.modelId !== null
      ? await db
          .selectDistinct({ version: catalogVersions.version })
          .from(catalogVersionModels)
          .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionModels.versionId))
          .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
          .where(
            and(eq(catalogVersionModels.modelId, group.modelId), eq(catalogItems.kind, group.kind), released),
          )
      : await db
          .selectDistinct({ version: catalogVersions.version })
          .from(catalogVersionParts)
          .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionParts.versionId))
          .where(and(eq(catalogVersionParts.partNumber, group.pn ?? ''), released));
  return rows.map((row) => row.version);
}
