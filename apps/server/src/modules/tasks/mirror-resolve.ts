import { type Locale, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions, catalogVersionSboms } from '../../db/schema';
import type { CatalogAccess, Viewer } from '../catalog/catalog-access';
import { versionSortKey } from '../catalog/catalog-filters';
import { localName } from '../catalog/catalog-rows';
import { versionsOfModels, versionsOfParts } from '../catalog/product-versions';

/** A published version picked for a bundle. */
export type BundleFile = {
  versionId: number;
  itemName: string;
  kind: string;
  version: string;
  severity: string;
  fileName: string;
  fileSize: number;
  sha256: string;
  storageKey: string;
  releaseDate: string;
};

/** A bundled file's SBOM (issue 43): it goes into the bundle beside the file. */
export type BundleSbom = { fileName: string; storageKey: string; size: number; sha256: string };

/** One line of the manifest before it is written: which file is offered for which SN/PN component. */
export type BundleLine = {
  sn: string;
  pn: string;
  model: string;
  component: string;
  current: string;
  file: BundleFile;
  /** A bundle of what is missing: the component's compliance state and what its update needs. */
  state?: 'vulnerable' | 'outdated';
  installOrder?: number;
  rebootRequired?: boolean;
  prerequisites?: { component: string; minVersion: string }[];
};

export type TaskLogger = (
  key: string,
  params?: Record<string, string | number>,
  level?: 'info' | 'warn' | 'error',
) => Promise<void>;

/**
 * "The newest" is the highest version in the product's version order (SemVer precedence,
 * packages/contract/src/version-order.ts), not the latest release date: a hotfix of an older
 * line published yesterday does not replace a newer line. Date and id only break ties.
 */
const NEWEST_FIRST = [desc(versionSortKey), desc(catalogVersions.releaseDate), desc(catalogVersions.id)];

const fileColumns = {
  versionId: catalogVersions.id,
  nameZh: catalogItems.nameZh,
  nameEn: catalogItems.nameEn,
  kind: catalogItems.kind,
  version: catalogVersions.version,
  severity: catalogVersions.severity,
  fileName: catalogVersions.fileName,
  fileSize: catalogVersions.fileSize,
  sha256: catalogVersions.sha256,
  storageKey: catalogVersions.storageKey,
  releaseDate: catalogVersions.releaseDate,
};

/** A row selected with `fileColumns`. */
type FileRecord = { [K in keyof typeof fileColumns]: (typeof fileColumns)[K]['_']['data'] };

/**
 * Decides what goes into a LIST_MIRROR_SN / LIST_MIRROR_PN bundle: for each server
 * its model's newest firmware of every kind and its PCIe cards' newest firmware; for
 * each part number its newest firmware. Only published versions the user may see.
 */
export class MirrorResolver {
  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
  ) {}

  async bySerials(viewer: Viewer, sns: string[], locale: Locale, log: TaskLogger): Promise<BundleLine[]> {
    // Another customer's SN is logged and skipped exactly like an unknown one.
    const servers = await this.access.serversVisibleTo(viewer, sns);
    const bySn = new Map(servers.map((s) => [s.sn, s]));
    const modelFiles = await this.latestByModelKind(
      viewer,
      [...new Set(servers.map((s) => s.modelId))],
      locale,
    );
    const partFiles = await this.latestByPart(viewer, [...new Set(servers.flatMap((s) => s.parts))], locale);
    const lines: BundleLine[] = [];
    for (const sn of sns) {
      const server = bySn.get(sn);
      if (!server) {
        await log('TASK_LOG_SN_NOT_FOUND', { sn }, 'warn');
        continue;
      }
      const own: BundleLine[] = [];
      for (const [kind, file] of modelFiles.get(server.modelId) ?? new Map<string, BundleFile>())
        own.push({
          sn,
          pn: '',
          model: server.model,
          component: kind,
          current: server.installed[kind] ?? '',
          file,
        });
      for (const pn of server.parts) {
        const file = partFiles.get(pn);
        if (file)
          own.push({
            sn,
            pn,
            model: server.model,
            component: 'PCIE',
            current: server.installed[pn] ?? '',
            file,
          });
      }
      await log('TASK_LOG_SN_RESOLVED', { sn, model: server.model, count: own.length });
      lines.push(...own);
    }
    return lines;
  }

  async byParts(viewer: Viewer, pns: string[], locale: Locale, log: TaskLogger): Promise<BundleLine[]> {
    const files = await this.latestByPart(viewer, pns, locale);
    const lines: BundleLine[] = [];
    for (const pn of pns) {
      const file = files.get(pn);
      if (!file) {
        await log('TASK_LOG_PN_NO_FIRMWARE', { pn }, 'warn');
        continue;
      }
      await log('TASK_LOG_PN_RESOLVED', { pn, item: file.itemName, version: file.version });
      lines.push({ sn: '', pn, model: '', component: 'PCIE', current: '', file });
    }
    return lines;
  }

  /** The named versions when each is published and visible (PACKAGE_LIVE_CD), in the order asked. */
  async files(viewer: Viewer, versionIds: number[], locale: Locale): Promise<Map<number, BundleFile>> {
    const result = new Map<number, BundleFile>();
    if (versionIds.length === 0) return result;
    const rows = await this.db
      .select(fileColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(and(inArray(catalogVersions.id, versionIds), this.downloadable(viewer)));
    for (const row of rows) result.set(row.versionId, toFile(row, locale));
    return result;
  }

  /**
   * The SBOMs of bundled versions, by version id. The versions were chosen under the viewer's
   * access rule already, and an SBOM follows exactly its file's rule.
   */
  async sbomsOf(versionIds: number[]): Promise<Map<number, BundleSbom>> {
    if (versionIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        versionId: catalogVersionSboms.versionId,
        fileName: catalogVersionSboms.fileName,
        storageKey: catalogVersionSboms.storageKey,
        size: catalogVersionSboms.size,
        sha256: catalogVersionSboms.sha256,
      })
      .from(catalogVersionSboms)
      .where(inArray(catalogVersionSboms.versionId, versionIds));
    return new Map(rows.map(({ versionId, ...sbom }) => [versionId, sbom]));
  }

  /** Published versions of items the viewer may see: what a bundle may contain. */
  private downloadable(viewer: Viewer) {
    return and(eq(catalogVersions.status, 'published'), this.access.visibleItems(viewer));
  }

  /** What "latest for this SN, PN or model" may pick: a downloadable release, never a pre-release. */
  private resolvable(viewer: Viewer) {
    return and(this.downloadable(viewer), eq(catalogVersions.preRelease, false));
  }

  /** model id -> kind -> newest visible published version supporting that model. */
  private async latestByModelKind(
    viewer: Viewer,
    modelIds: number[],
    locale: Locale,
  ): Promise<Map<number, Map<string, BundleFile>>> {
    const result = new Map<number, Map<string, BundleFile>>();
    if (modelIds.length === 0) return result;
    const rows = await versionsOfModels(
      this.db,
      fileColumns,
      modelIds,
      and(inArray(catalogItems.kind, [...SERVER_FIRMWARE_KINDS]), this.resolvable(viewer)),
    ).orderBy(...NEWEST_FIRST);
    for (const row of rows) {
      const kinds = result.get(row.modelId) ?? new Map<string, BundleFile>();
      if (!kinds.has(row.kind)) kinds.set(row.kind, toFile(row, locale));
      result.set(row.modelId, kinds);
    }
    return result;
  }

  /** part number -> newest visible published version naming it. */
  private async latestByPart(
    viewer: Viewer,
    parts: string[],
    locale: Locale,
  ): Promise<Map<string, BundleFile>> {
    const result = new Map<string, BundleFile>();
    if (parts.length === 0) return result;
    const rows = await versionsOfParts(this.db, fileColumns, parts, this.resolvable(viewer)).orderBy(
      ...NEWEST_FIRST,
    );
    for (const row of rows) if (!result.has(row.pn)) result.set(row.pn, toFile(row, locale));
    return result;
  }
}

function toFile(row: FileRecord, locale: Locale): BundleFile {
  const { nameZh: _zh, nameEn: _en, ...file } = row;
  return { ...file, itemName: localName(locale, row) };
}
