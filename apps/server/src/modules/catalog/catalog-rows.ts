import type { CatalogVersionRow, Locale } from '@portal/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
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
  sha256: catalogVersions.sha256,
  md5: catalogVersions.md5,
  downloadCount: catalogVersions.downloadCount,
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
  sha256: string;
  md5: string;
  downloadCount: number;
};

export function localName(locale: Locale, row: { nameZh: string; nameEn: string }): string {
  return locale === 'zh-CN' ? row.nameZh : row.nameEn;
}

/** Model codes and part numbers of many versions in two queries (no query per row). */
export async function compatibilityOf(
  db: Db,
  versionIds: number[],
): Promise<{ models: Map<number, string[]>; parts: Map<number, string[]> }> {
  const models = new Map<number, string[]>();
  const parts = new Map<number, string[]>();
  if (versionIds.length === 0) return { models, parts };
  const [modelRows, partRows] = await Promise.all([
    db
      .select({ versionId: catalogVersionModels.versionId, code: serverModels.code })
      .from(catalogVersionModels)
      .innerJoin(serverModels, eq(serverModels.id, catalogVersionModels.modelId))
      .where(inArray(catalogVersionModels.versionId, versionIds))
      .orderBy(asc(serverModels.code)),
    db
      .select({ versionId: catalogVersionParts.versionId, pn: catalogVersionParts.partNumber })
      .from(catalogVersionParts)
      .where(inArray(catalogVersionParts.versionId, versionIds))
      .orderBy(asc(catalogVersionParts.partNumber)),
  ]);
  for (const row of modelRows) models.set(row.versionId, [...(models.get(row.versionId) ?? []), row.code]);
  for (const row of partRows) parts.set(row.versionId, [...(parts.get(row.versionId) ?? []), row.pn]);
  return { models, parts };
}

/** Table rows in the reader's language, with their models and parts. */
export async function toVersionRows(
  db: Db,
  locale: Locale,
  records: VersionRowRecord[],
): Promise<CatalogVersionRow[]> {
  const { models, parts } = await compatibilityOf(
    db,
    records.map((r) => r.versionId),
  );
  return records.map(({ nameZh, nameEn, status, ...rest }) => ({
    ...rest,
    itemName: localName(locale, { nameZh, nameEn }),
    status: status as CatalogVersionRow['status'],
    models: models.get(rest.versionId) ?? [],
    parts: parts.get(rest.versionId) ?? [],
  }));
}
