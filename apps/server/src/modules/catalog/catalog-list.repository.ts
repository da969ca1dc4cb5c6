import type { CatalogVersionFilters, CatalogVersionRow, Locale, Page } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { catalogItemStats, catalogItems, catalogVersions } from '../../db/schema';
import { filterConditions, isDateOrder, versionSortKey } from './catalog-filters';
import { keywordPage } from './catalog-keyword-page';
import { toVersionRows, type VersionRowRecord, versionRowColumns } from './catalog-rows';

/** What the viewer may see: the item condition of CatalogAccess and the version statuses. */
export type ListScope = { visibleItems: SQL | undefined; statuses: string[] };

/** The columns a table order needs, from the tables themselves or from a subquery of them. */
type SortColumn = SQL | AnyPgColumn;
type SortColumns = Record<
  'id' | 'releaseDate' | 'versionKey' | 'downloadCount' | 'fileSize' | 'itemId' | 'nameZh' | 'nameEn',
  SortColumn
>;

const tableSortColumns: SortColumns = {
  id: catalogVersions.id,
  releaseDate: catalogVersions.releaseDate,
  versionKey: versionSortKey,
  downloadCount: catalogVersions.downloadCount,
  fileSize: catalogVersions.fileSize,
  itemId: catalogItems.id,
  nameZh: catalogItems.nameZh,
  nameEn: catalogItems.nameEn,
};

function orderOf(
  filters: CatalogVersionFilters,
  locale: Locale,
  columns: SortColumns = tableSortColumns,
): SQL[] {
  const ascending = (filters.sortOrder ?? (filters.sortField === 'name' ? 'ascend' : 'descend')) === 'ascend';
  const by = ascending ? asc : desc;
  switch (filters.sortField) {
    case 'version':
      return [by(columns.versionKey), by(columns.id)];
    case 'name':
      return [
        by(locale === 'zh-CN' ? columns.nameZh : columns.nameEn),
        by(columns.itemId),
        desc(columns.releaseDate),
        desc(columns.id),
      ];
    case 'downloads':
      return [by(columns.downloadCount), by(columns.id)];
    case 'size':
      return [by(columns.fileSize), by(columns.id)];
    default:
      return [by(columns.releaseDate), by(columns.id)];
  }
}

/**
 * The firmware/software tables, planned for 100,000 versions (bench:catalog):
 * - filters on item columns only: the page walks an index in the sort order and
 *   stops after it; the total is summed from `catalog_item_stats` (one row per item);
 * - filters on version columns (model, part, OS, severity, keyword): the matching
 *   set is found first (bitmap and join plans) with `count(*) over ()` giving the
 *   total, then the page's columns are read by id;
 * - a keyword alone, in date order: `keywordPage` counts the item-name matches from the
 *   statistics and reads only the newest versions of the matching items that lead;
 * - `latest=true`: each visible item's newest version comes from the statistics.
 * Models and part numbers of the page's rows come as arrays in the rows themselves.
 */
export class CatalogListRepository {
  constructor(private readonly db: Db) {}

  async page(
    filters: CatalogVersionFilters,
    scope: ListScope,
    locale: Locale,
  ): Promise<Page<CatalogVersionRow>> {
    const conditions = filterConditions(this.db, filters);
    const keyword = filters.latest ? null : await keywordPage(this.db, filters, scope, conditions);
    const { records, total } = keyword
      ? keyword
      : filters.latest
        ? await this.latest(filters, scope, conditions, locale)
        : conditions.versions.length === 0
          ? await this.byItems(filters, scope, conditions.items, locale)
          : await this.byVersions(filters, scope, [...conditions.items, ...conditions.versions], locale);
    return {
      rows: toVersionRows(locale, records as VersionRowRecord[]),
      totalRows: total,
      pageNo: filters.pageNo,
    };
  }

  private offset(filters: CatalogVersionFilters) {
    return (filters.pageNo - 1) * filters.pageSize;
  }

  /** Item-level filters only: an index walk for the page, the statistics for the total. */
  private async byItems(filters: CatalogVersionFilters, scope: ListScope, conditions: SQL[], locale: Locale) {
    const where = and(scope.visibleItems, inArray(catalogVersions.status, scope.statuses), ...conditions);
    const order = orderOf(filters, locale);
    // The page's ids first, then its rows: the row columns' model and part arrays would
    // otherwise be computed for every skipped row as well. Still one statement.
    const pageIds = this.db
      .select({ id: catalogVersions.id })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(where)
      .orderBy(...order)
      .limit(filters.pageSize)
      .offset(this.offset(filters));
    const pageRecords = this.db
      .select(versionRowColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(sql`${catalogVersions.id} = any(array(${pageIds}))`)
      .orderBy(...order);
    const [records, [sum]] = await Promise.all([
      pageRecords,
      this.db
        .select({ n: sql<string | null>`sum(${catalogItemStats.versions})` })
        .from(catalogItemStats)
        .innerJoin(catalogItems, eq(catalogItems.id, catalogItemStats.itemId))
        .where(and(scope.visibleItems, inArray(catalogItemStats.status, scope.statuses), ...conditions)),
    ]);
    return { records, total: Number(sum?.n ?? 0) };
  }

  /**
   * Version-level filters: the matching set first, in a subquery fenced by OFFSET 0 so
   * the planner picks the cheapest plan for the whole set (bitmap, join) instead of
   * walking an index in page order and testing every version; its size is the total.
   */
  private async byVersions(
    filters: CatalogVersionFilters,
    scope: ListScope,
    conditions: SQL[],
    locale: Locale,
  ) {
    const where = and(scope.visibleItems, inArray(catalogVersions.status, scope.statuses), ...conditions);
    const inner = this.db
      .select({
        id: sql<number>`${catalogVersions.id}`.as('id'),
        releaseDate: sql<string>`${catalogVersions.releaseDate}`.as('release_date'),
        versionKey: sql<string>`${versionSortKey}`.as('version_key'),
        downloadCount: sql<number>`${catalogVersions.downloadCount}`.as('download_count'),
        fileSize: sql<number>`${catalogVersions.fileSize}`.as('file_size'),
        itemId: sql<number>`${catalogItems.id}`.as('item_id'),
        nameZh: sql<string>`${catalogItems.nameZh}`.as('name_zh'),
        nameEn: sql<string>`${catalogItems.nameEn}`.as('name_en'),
      })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(where);
    // Drizzle leaves out `offset 0`, so the fence is written here.
    const matches = sql`(${inner} offset 0) as matches`;
    const column = (name: string) => sql.raw(`matches.${name}`);
    const matched = await this.db
      .select({ id: sql<number>`${column('id')}`, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(matches)
      .orderBy(
        ...orderOf(filters, locale, {
          id: column('id'),
          releaseDate: column('release_date'),
          versionKey: column('version_key'),
          downloadCount: column('download_count'),
          fileSize: column('file_size'),
          itemId: column('item_id'),
          nameZh: column('name_zh'),
          nameEn: column('name_en'),
        }),
      )
      .limit(filters.pageSize)
      .offset(this.offset(filters));
    return this.pageOf(filters, matched, () => this.db.select({ n: count() }).from(matches));
  }

  /**
   * `latest=true`: each visible item's newest version among the allowed statuses,
   * read from `catalog_item_stats`; the other filters then apply to that version.
   */
  private async latest(
    filters: CatalogVersionFilters,
    scope: ListScope,
    conditions: { items: SQL[]; versions: SQL[] },
    locale: Locale,
  ) {
    const newest = this.db
      .selectDistinctOn([catalogItemStats.itemId], {
        id: catalogItemStats.newestVersionId,
        releaseDate: catalogItemStats.newestReleaseDate,
      })
      .from(catalogItemStats)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogItemStats.itemId))
      .where(
        and(
          scope.visibleItems,
          inArray(catalogItemStats.status, scope.statuses),
          sql`${catalogItemStats.versions} > 0`,
          ...conditions.items,
        ),
      )
      .orderBy(
        catalogItemStats.itemId,
        desc(catalogItemStats.newestReleaseDate),
        desc(catalogItemStats.newestVersionId),
      );
    const rows = newest.as('newest');
    if (conditions.versions.length === 0 && isDateOrder(filters)) {
      // The statistics hold each newest version's date: the page needs no version row at all.
      const by = filters.sortOrder === 'ascend' ? asc : desc;
      const matched = await this.db
        .select({ id: rows.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(rows)
        .orderBy(by(rows.releaseDate), by(rows.id))
        .limit(filters.pageSize)
        .offset(this.offset(filters));
      return this.pageOf(
        filters,
        matched.map((m) => ({ id: m.id ?? 0, total: m.total })),
        () => this.db.select({ n: count() }).from(rows),
      );
    }
    // `= any(array(...))`: the newest ids first (one per item), then primary-key probes,
    // never a join the planner could turn into a scan of every version.
    const ids = this.db.select({ id: rows.id }).from(rows);
    const where = and(sql`${catalogVersions.id} = any(array(${ids}))`, ...conditions.versions);
    const matched = await this.db
      .select({ id: catalogVersions.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(where)
      .orderBy(...orderOf(filters, locale))
      .limit(filters.pageSize)
      .offset(this.offset(filters));
    return this.pageOf(filters, matched, () =>
      this.db
        .select({ n: count() })
        .from(catalogVersions)
        .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
        .where(where),
    );
  }

  /**
   * The page of `matched` ids (each carrying the total). An empty first page means nothing
   * matches; past the last page, the total still has to be told: `counted` counts the matches.
   */
  private async pageOf(
    filters: CatalogVersionFilters,
    matched: { id: number; total: number }[],
    counted: () => Promise<{ n: number }[]>,
  ) {
    if (matched.length > 0) {
      return { records: await this.recordsByIds(matched.map((m) => m.id)), total: matched[0]?.total ?? 0 };
    }
    if (filters.pageNo === 1) return { records: [], total: 0 };
    const [row] = await counted();
    return { records: [], total: row?.n ?? 0 };
  }

  /** The table columns of these versions, in the order of `ids`. */
  private async recordsByIds(ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(versionRowColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(inArray(catalogVersions.id, ids));
    const byId = new Map(rows.map((row) => [row.versionId, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }
}
