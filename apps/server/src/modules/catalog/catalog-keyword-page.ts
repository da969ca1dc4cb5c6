import type { CatalogVersionFilters } from '@portal/contract';
import { and, asc, count, desc, eq, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItemStats, catalogItems, catalogVersions } from '../../db/schema';
import { containsPattern, isDateOrder, versionSearchText } from './catalog-filters';
import { type VersionRowRecord, versionRowColumns } from './catalog-rows';

/**
 * Deeper pages than this take the general plan: every matching item would have to
 * give up to offset + page size of its versions.
 */
export const KEYWORD_PLAN_MAX_ROWS = 200;

type Scope = { visibleItems: SQL | undefined; statuses: string[] };

/**
 * A keyword search in release-date order, without reading every match. A keyword
 * matching an item's name matches all its versions (often thousands), so that half
 * is counted from `catalog_item_stats` and gives only its newest versions per item
 * (index-only); the versions whose own text matches (version, file name, CVE) and
 * whose item's name does not are few, read through the trigram index. The page is
 * the merge of both halves, read with its row columns in the same statement; the total comes
 * in a second statement sent alongside. Returns null where this plan does not apply (another
 * version-level filter, another order, a deep page): the caller uses the general one.
 */
export async function keywordPage(
  db: Db,
  filters: CatalogVersionFilters,
  scope: Scope,
  conditions: { items: SQL[]; versions: SQL[] },
): Promise<{ records: VersionRowRecord[]; total: number } | null> {
  const q = filters.q;
  const wanted = filters.pageNo * filters.pageSize;
  if (!q || conditions.versions.length !== 1 || !isDateOrder(filters) || wanted > KEYWORD_PLAN_MAX_ROWS)
    return null;
  const ascending = filters.sortOrder === 'ascend';
  const by = ascending ? asc : desc;
  const pattern = containsPattern(q);
  const statuses = inArray(catalogVersions.status, scope.statuses);

  const nameMatches = or(ilike(catalogItems.nameZh, pattern), ilike(catalogItems.nameEn, pattern));
  const namedItems = and(scope.visibleItems, ...conditions.items, nameMatches);

  // Per named item, its first `wanted` versions in the order asked for (index-only).
  const newest = db
    .select({ id: catalogVersions.id, releaseDate: catalogVersions.releaseDate })
    .from(catalogVersions)
    .where(and(eq(catalogVersions.itemId, catalogItems.id), statuses))
    .orderBy(by(catalogVersions.releaseDate), by(catalogVersions.id))
    .limit(wanted)
    .as('newest');
  // Newest first, the page's versions belong to the items whose newest versions lead: were an
  // item further down among them, the `wanted` newest versions of the statistics' rows above it
  // (each row names a real version) would all come before its versions. So only those items
  // are read, not every item whose name matches.
  const newestNamedItems = db
    .select({ id: catalogItemStats.itemId })
    .from(catalogItemStats)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogItemStats.itemId))
    .where(
      and(
        namedItems,
        inArray(catalogItemStats.status, scope.statuses),
        sql`${catalogItemStats.versions} > 0`,
      ),
    )
    .orderBy(desc(catalogItemStats.newestReleaseDate), desc(catalogItemStats.newestVersionId))
    .limit(wanted);
  const fromNames = db
    .select({ id: newest.id, releaseDate: newest.releaseDate })
    .from(catalogItems)
    .crossJoinLateral(newest)
    .where(ascending ? namedItems : sql`${catalogItems.id} = any(array(${newestNamedItems}))`);
  // Versions found by their own text whose item's name does not match (those are counted above).
  const textMatches = and(
    scope.visibleItems,
    ...conditions.items,
    statuses,
    sql`${versionSearchText} ilike ${pattern}`,
    not(nameMatches ?? sql`false`),
  );
  const fromText = db
    .select({ id: catalogVersions.id, releaseDate: catalogVersions.releaseDate })
    .from(catalogVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .where(textMatches)
    .orderBy(by(catalogVersions.releaseDate), by(catalogVersions.id))
    .limit(wanted);
  // The page is the merge of both halves' first `wanted` rows.
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const offset = (filters.pageNo - 1) * filters.pageSize;
  const pageIds = sql`select matches.id from ((${fromNames}) union all (${fromText})) as matches
    order by matches.release_date ${direction}, matches.id ${direction}
    limit ${filters.pageSize} offset ${offset}`;
  const textCount = db
    .select({ n: count() })
    .from(catalogVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .where(textMatches);
  // The page's rows and the total: two statements, sent together (one round trip on a pool).
  const [records, [counts]] = await Promise.all([
    db
      .select(versionRowColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(sql`${catalogVersions.id} = any(array(${pageIds}))`)
      .orderBy(by(catalogVersions.releaseDate), by(catalogVersions.id)),
    db
      .select({
        named: sql<string | null>`sum(${catalogItemStats.versions})`,
        text: sql<number>`(${textCount})`.mapWith(Number),
      })
      .from(catalogItemStats)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogItemStats.itemId))
      .where(and(namedItems, inArray(catalogItemStats.status, scope.statuses))),
  ]);
  return {
    records: records as VersionRowRecord[],
    total: Number(counts?.named ?? 0) + (counts?.text ?? 0),
  };
}
