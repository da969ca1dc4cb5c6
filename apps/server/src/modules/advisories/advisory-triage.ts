import type { AdvisoryTriage, AdvisoryTriageQuery, AdvisoryTriageRow } from '@portal/contract';
import { compareVersions } from '@portal/contract/version-order';
import type { Db } from '../../db/connection';
import { versionSupport } from '../publishing/version-support';
import type { SbomService } from '../sbom/sbom.service';
import { releasedVersionsByProduct } from './csaf-catalogue';
import { csafProductKeyOf } from './csaf/csaf-product-tree';

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
  const supportOf = await versionSupport(db, ids);
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
    const { models, parts } = supportOf(hit.versionId);
    for (const model of models) {
      const group = groupOf(`model:${model.id}|${hit.kind}`, () => ({
        modelId: model.id,
        pn: null,
        productName: model.code,
        kind: hit.kind,
      }));
      group.versionIds.add(hit.versionId);
      group.versions.add(hit.version);
    }
    for (const pn of parts) {
      const group = groupOf(`pn:${pn}|${hit.kind}`, () => ({
        modelId: null,
        pn,
        productName: pn,
        kind: hit.kind,
      }));
      group.versionIds.add(hit.versionId);
      group.versions.add(hit.version);
    }
  }
  const released = await releasedVersionsByProduct(db, [...groups.values()]);
  const rows = [...groups.values()].map((group): AdvisoryTriageRow => {
    const versions = [...group.versions].sort(compareVersions);
    const newest = versions.at(-1) ?? '';
    const later = (released[csafProductKeyOf(group)] ?? []).filter(
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
  });
  rows.sort((a, b) => a.productName.localeCompare(b.productName) || a.kind.localeCompare(b.kind));
  return { rows, truncated: found.truncated };
}
