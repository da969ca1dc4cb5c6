import type { CatalogVersionFilters } from '@portal/contract';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  catalogItems,
  catalogVersionModels,
  catalogVersionParts,
  catalogVersions,
  serverModels,
} from '../../db/schema';

/** `%text%` with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The searchable text of a version, spelled exactly as the trigram index of
 * migration 0006 (catalog_versions_search_idx) so that the index is used.
 */
export const versionSearchText = sql`catalog_version_search_text(${catalogVersions.version}, ${catalogVersions.fileName}, ${catalogVersions.cves})`;

/** Natural order of version strings ('9.1' before '10.0'), an immutable function of migration 0006. */
export const versionSortKey = sql`catalog_version_key(${catalogVersions.version}) collate "C"`;

/** The default order (newest first) or its reverse. */
export function isDateOrder(filters: CatalogVersionFilters): boolean {
  return filters.sortField === undefined || filters.sortField === 'releaseDate';
}

/**
 * The table filters of GET /api/catalog/versions as SQL conditions (status and
 * visibility are the caller's): `items` name only `catalog_items` columns, so a
 * list filtered by them alone can be counted from `catalog_item_stats`; `versions`
 * need the version rows.
 */
export function filterConditions(db: Db, filters: CatalogVersionFilters): { items: SQL[]; versions: SQL[] } {
  const items: SQL[] = [];
  if (filters.kind?.length) items.push(inArray(catalogItems.kind, filters.kind));
  if (filters.section) items.push(eq(catalogItems.section, filters.section));
  if (filters.item) items.push(eq(catalogItems.code, filters.item));
  const conditions: (SQL | undefined)[] = [];
  if (filters.os) conditions.push(sql`lower(${catalogVersions.os}) = ${filters.os.toLowerCase()}`);
  if (filters.arch) conditions.push(sql`lower(${catalogVersions.arch}) = ${filters.arch.toLowerCase()}`);
  if (filters.severity?.length) conditions.push(inArray(catalogVersions.severity, filters.severity));
  if (filters.model) conditions.push(modelCondition(db, filters.model, filters.kind));
  if (filters.part)
    conditions.push(
      inArray(
        catalogVersions.id,
        db
          .select({ id: catalogVersionParts.versionId })
          .from(catalogVersionParts)
          .where(eq(catalogVersionParts.partNumber, filters.part.toUpperCase())),
      ),
    );
  if (filters.q) conditions.push(searchCondition(db, filters.q));
  return { items, versions: conditions.filter((c): c is SQL => c !== undefined) };
}

/**
 * Versions that support the model `code` (or any model of the family `code`). The model ids
 * are read first (`= any(array(...))`), so the index on the links serves instead of a scan of
 * every link. With kinds as well, the links themselves carry the item kind: the few matching
 * version ids are read from the index and handed over as an array, so PostgreSQL fetches just
 * those versions instead of intersecting all versions of the model with all of the kinds.
 */
function modelCondition(db: Db, code: string, kinds: readonly string[] | undefined): SQL {
  const wanted = code.toUpperCase();
  const modelIds = db
    .select({ id: serverModels.id })
    .from(serverModels)
    .where(or(sql`upper(${serverModels.code}) = ${wanted}`, sql`upper(${serverModels.family}) = ${wanted}`));
  const ofModel = sql`${catalogVersionModels.modelId} = any(array(${modelIds}))`;
  const links = db.select({ id: catalogVersionModels.versionId }).from(catalogVersionModels);
  if (!kinds?.length) return inArray(catalogVersions.id, links.where(ofModel));
  const ofKinds = links.where(and(ofModel, inArray(catalogVersionModels.itemKind, [...kinds])));
  return sql`${catalogVersions.id} = any(array(${ofKinds}))`;
}

/**
 * Item name (either language), version, file name or CVE id containing `q`.
 * Item names are matched on the small items table first, so both halves can
 * use an index (trigram on versions, item id on versions).
 */
function searchCondition(db: Db, q: string): SQL {
  const pattern = containsPattern(q);
  const namedItems = db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(or(ilike(catalogItems.nameZh, pattern), ilike(catalogItems.nameEn, pattern)));
  return sql`(${versionSearchText} ilike ${pattern} or ${catalogVersions.itemId} = any(array(${namedItems})))`;
}
