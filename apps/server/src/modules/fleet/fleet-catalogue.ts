import {
  type ComponentCompliance,
  compareVersions,
  installOrderOf,
  isOrderableVersion,
  type Locale,
  type PrerequisiteStatus,
  type VersionPrerequisite,
} from '@portal/contract';
import { and, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersionModels, catalogVersionParts, catalogVersions } from '../../db/schema';
import type { CatalogAccess, Viewer } from '../catalog/catalog-access';

/** A released version a component may be updated to. */
export type Release = {
  versionId: number;
  version: string;
  itemName: { zh: string; en: string };
  fileName: string;
  fileSize: number;
  sha256: string;
  rebootRequired: boolean;
  prerequisites: VersionPrerequisite[];
  /** What staff set, else the item kind's default. */
  installOrder: number;
};

/** Released versions (oldest first) per `model:<id>:<kind>` and `pn:<PN>`, of items the viewer may see. */
export type ReleaseIndex = Map<string, Release[]>;

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
  const [byModel, byPart] = await Promise.all([
    modelIds.length === 0
      ? []
      : db
          .select({ ...columns, modelId: catalogVersionModels.modelId })
          .from(catalogVersionModels)
          .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionModels.versionId))
          .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
          .where(and(inArray(catalogVersionModels.modelId, modelIds), released)),
    pns.length === 0
      ? []
      : db
          .select({ ...columns, pn: catalogVersionParts.partNumber })
          .from(catalogVersionParts)
          .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionParts.versionId))
          .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
          .where(and(inArray(catalogVersionParts.partNumber, pns), released)),
  ]);
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
  for (const row of byModel) if (await maySee(row)) add(`model:${row.modelId}:${row.kind}`, row);
  for (const row of byPart) if (await maySee(row)) add(`pn:${row.pn}`, row);
  for (const list of index.values()) list.sort((a, b) => compareVersions(a.version, b.version));
  return index;
}

type Target = NonNullable<ComponentCompliance['target']>;

/**
 * A release as a component's target, in the reader's language. Its prerequisites are not judged
 * yet (`unknown`): the same target serves every server of a model, `planUpdates` judges them
 * against each server's own versions.
 */
export function targetOf(release: Release, locale: Locale): Target {
  return {
    versionId: release.versionId,
    version: release.version,
    itemName: locale === 'zh-CN' ? release.itemName.zh : release.itemName.en,
    fileName: release.fileName,
    fileSize: release.fileSize,
    sha256: release.sha256,
    rebootRequired: release.rebootRequired,
    prerequisites: release.prerequisites.map((line) => ({ ...line, installed: null, status: 'unknown' })),
    installOrder: release.installOrder,
  };
}

/**
 * One prerequisite against a server's versions of that component (a `PCIE:<PN>` names every
 * slot of that card: all must satisfy it). No version known, or one the catalogue cannot order:
 * `unknown`, never guessed either way.
 */
function judge(line: VersionPrerequisite, components: ComponentCompliance[]) {
  const installed = components
    .filter((component) =>
      line.component.startsWith('PCIE:')
        ? component.kind === 'PCIE' && `PCIE:${component.pn}` === line.component
        : component.component === line.component,
    )
    .map((component) => component.installed);
  let status: PrerequisiteStatus = 'unknown';
  if (installed.length > 0 && installed.every((version) => version !== null && isOrderableVersion(version)))
    status = installed.every((version) => compareVersions(version!, line.minVersion) >= 0)
      ? 'satisfied'
      : 'unsatisfied';
  // The oldest of the cards (what decides), else what is known at all.
  const known = installed.filter((version): version is string => version !== null);
  known.sort(compareVersions);
  return { ...line, installed: known[0] ?? null, status };
}

/**
 * A server's components in install order (the target's order, then the component key; without a
 * target, the kind's default), each target's prerequisites judged against THIS server's installed
 * versions (the portal's version order). Targets are shared between servers: judged ones are copies.
 */
export function planUpdates(components: ComponentCompliance[]): ComponentCompliance[] {
  const planned = components.map((component) =>
    component.target && component.target.prerequisites.length > 0
      ? {
          ...component,
          target: {
            ...component.target,
            prerequisites: component.target.prerequisites.map((line) => judge(line, components)),
          },
        }
      : component,
  );
  const orderOf = (component: ComponentCompliance) =>
    component.target?.installOrder ?? installOrderOf(component.kind, null);
  return planned.sort(
    (a, b) => orderOf(a) - orderOf(b) || (a.component < b.component ? -1 : a.component > b.component ? 1 : 0),
  );
}
