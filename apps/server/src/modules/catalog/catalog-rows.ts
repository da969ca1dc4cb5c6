import type { CatalogVersionRow, Locale, VersionPrerequisite } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  catalogItems,
  catalogVersionModels,
  catalogVersionParts,
  catalogVersions,
  serverModels,
} from '../../db/schema';

/** The columns of a table row, selected from `catalog_versions` joined to `catalog_items`. */
export const versionRowColumns = {
  versionId: catalogVersions.id,
  itemCode: catalogItems.code,
  nameZh: catalogItems.nameZh,
  nameEn: catalogItems.nameEn,
  kind: catalogItems.kind,
  section: catalogItems.section,
  version: catalogVersions.version,
  status: catalogVersions.status,
  releaseDate: catalogVersions.releaseDate,
  fileName: catalogVersions.fileName,
  fileSize: catalogVersions.fileSize,
  fileCategory: catalogVersions.fileCategory,
  os: catalogVersions.os,
  arch: catalogVersions.arch,
  severity: catalogVersions.severity,
  cves: catalogVersions.cves,
  securityFix: catalogVersions.securityFix,
  preRelease: catalogVersions.preRelease,
  rebootRequired: catalogVersions.rebootRequired,
  prerequisites: catalogVersions.prerequisites,
  sha256: catalogVersions.sha256,
  md5: catalogVersions.md5,
  downloadCount: catalogVersions.downloadCount,
  /**
   * The supported models and part numbers, as arrays in the same row: no further round trip.
   * PostgreSQL computes them for every row a query reads, OFFSET rows included, so a page
   * selects its ids first (`CatalogListRepository.byItems`).
   */
  models: sql<string[]>`array(
    select ${serverModels.code} from ${catalogVersionModels}
    join ${serverModels} on ${serverModels.id} = ${catalogVersionModels.modelId}
    where ${catalogVersionModels.versionId} = ${catalogVersions.id}
    order by ${serverModels.code})::text[]`,
  parts: sql<string[]>`array(
    select ${catalogVersionParts.partNumber} from ${catalogVersionParts}
    where ${catalogVersionParts.versionId} = ${catalogVersions.id}
    order by ${catalogVersionParts.partNumber})::text[]`,
};

export type VersionRowRecord = {
  versionId: number;
  itemCode: string;
  nameZh: string;
  nameEn: string;
  kind: string;
  section: string;
  version: string;
  status: string;
  releaseDate: string;
  fileName: string;
  fileSize: number;
  fileCategory: string;
  os: string;
  arch: string;
  severity: string;
  cves: string[];
  securityFix: boolean;
  preRelease: boolean;
  rebootRequired: boolean;
  prerequisites: VersionPrerequisite[];
  sha256: string;
  md5: string;
  downloadCount: number;
  models: string[];
  parts: string[];
};

export function localName(locale: Locale, row: { nameZh: string; nameEn: string }): string {
  return locale === 'zh-CN' ? row.nameZh : row.nameEn;
}

/** Table rows in the reader's language. */
export function toVersionRows(locale: Locale, records: VersionRowRecord[]): CatalogVersionRow[] {
  return records.map(({ nameZh, nameEn, status, ...rest }) => ({
    ...rest,
    itemName: localName(locale, { nameZh, nameEn }),
    status: status as CatalogVersionRow['status'],
  }));
}
