import type { CatalogVersionFilters, CatalogVersionRow, Locale, Page } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions } from '../../db/schema';
import { filterConditions, versionSortKey } from './catalog-filters';
import { toVersionRows, type VersionRowRecord, versionRowColumns } from './catalog-rows';

/** What the viewer may see: the item condition of CatalogAccess and the version statuses. */
export type ListScope = { visibleItems: SQL | undefined; statuses: string[] };

function orderOf(filters: CatalogVersionFilters, locale: Locale): SQL[] {
  const ascending = (filters.sortOrder ?? (filters.sortField === 'name' ? 'ascend' : 'descend')) === 'ascend';
  const by = ascending ? asc : desc;
  switch (filters.sortField) {
    case 'version':
      return [by(versionSortKey), by(catalogVersions.id)];
    case 'name':
      return [
        by(locale === 'zh-CN' ? catalogItems.nameZh : catalogItems.nameEn),
        by(catalogItems.id),
        desc(catalogVersions.releaseDate),
        desc(catalogVersions.id),
      ];
    case 'downloads':
      return [by(catalogVersions.downloadCount), by(catalogVersions.id)];
    case 'size':
      return [by(catalogVersions.fileSize), by(catalogVersions.id)];
    default:
      return [by(catalogVersions.releaseDate), by(catalogVersions.id)];
  }
}

/**
 * The firmware/software tables: one query for the page, one for the total,
 * two batched ones for the models and part numbers of the page's rows.
 */
export class CatalogListRepository {
  constructor(private readonly db: Db) {}

  async page(
    filters: CatalogVersionFilters,
    scope: ListScope,
    locale: Locale,
  ): Promise<Page<CatalogVersionRow>> {
    const conditions = filterConditions(this.db, filters);
    const query = filters.latest ? this.latestQuery(scope, conditions) : this.allQuery(scope, conditions);
    const [records, [total]] = await Promise.all([
      query.rows
        .orderBy(...orderOf(filters, locale))
        .limit(filters.pageSize)
        .offset((filters.pageNo - 1) * filters.pageSize),
      query.total,
    ]);
    return {
      rows: await toVersionRows(this.db, locale, records as VersionRowRecord[]),
      totalRows: Number(total?.n ?? 0),
      pageNo: filters.pageNo,
    };
  }

  private allQuery(scope: ListScope, conditions: SQL[]) {
    const where = and(scope.visibleItems, inArray(catalogVersions.status, scope.statuses), ...conditions);
    const join = eq(catalogItems.id, catalogVersions.itemId);
    return {
      rows: this.db
        .select(versionRowColumns)
        .from(catalogVersions)
        .innerJoin(catalogItems, join)
        .where(where)
        .$dynamic(),
      total: this.db.select({ n: count() }).from(catalogVersions).innerJoin(catalogItems, join).where(where),
    };
  }

  /**
   * `latest=true`: each visible item's newest version (release date, then id)
   * among the allowed statuses, found by one index probe per item; the other
   * filters then apply to that version.
   */
  private latestQuery(scope: ListScope, conditions: SQL[]) {
    const candidate = alias(catalogVersions, 'candidate');
    const newest = this.db
      .select({ id: candidate.id })
      .from(candidate)
      .where(and(eq(candidate.itemId, catalogItems.id), inArray(candidate.status, scope.statuses)))
      .orderBy(desc(candidate.releaseDate), desc(candidate.id))
      .limit(1)
      .as('newest');
    const where = and(scope.visibleItems, ...conditions);
    const join = eq(catalogVersions.id, newest.id);
    return {
      rows: this.db
        .select(versionRowColumns)
        .from(catalogItems)
        .innerJoinLateral(newest, sql`true`)
        .innerJoin(catalogVersions, join)
        .where(where)
        .$dynamic(),
      total: this.db
        .select({ n: count() })
        .from(catalogItems)
        .innerJoinLateral(newest, sql`true`)
        .innerJoin(catalogVersions, join)
        .where(where),
    };
  }
}
