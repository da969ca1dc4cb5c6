import type { CatalogVersionFilters, CatalogVersionRow, Locale, Page } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogVersion, catalogVersions } from '../../db/schema';
import type { Viewer } from './catalog-access';

/** List pages one process keeps; beyond it the oldest go. */
const CACHE_ENTRIES = 2_000;

/**
 * What decides which items a viewer sees, and nothing else: two customers holding the same
 * grants share cached pages; a viewer with one grant more or less never sees the other's.
 */
export function scopeKeyOf(viewer: Viewer): string {
  if (!viewer.signedIn) return 'anonymous';
  if (viewer.seesEverything) return 'everything';
  return `grants:${[...new Set(viewer.grantKeys)].sort().join('\n')}`;
}

/**
 * Pages of the catalogue list, kept per process under the database's catalogue version, which
 * triggers bump in the transaction of any change to items, versions, grants, models or parts
 * (migration 0022). Each request reads the version (one row), so no process answers from a
 * copy older than the last committed change. Download counts are not part of the version
 * (a download would empty every cache): they are read fresh for the page's rows.
 */
export class CatalogListCache {
  private readonly pages = new Map<string, Page<CatalogVersionRow>>();
  private cachedVersion = -1;
  private readonly currentVersion;

  constructor(private readonly db: Db) {
    this.currentVersion = db
      .select({ version: catalogVersion.version })
      .from(catalogVersion)
      .where(eq(catalogVersion.id, 1))
      .prepare('catalog_version_now');
  }

  async page(
    viewer: Viewer,
    filters: CatalogVersionFilters,
    locale: Locale,
    compute: () => Promise<Page<CatalogVersionRow>>,
  ): Promise<Page<CatalogVersionRow>> {
    const [row] = await this.currentVersion.execute();
    const version = row?.version ?? 0;
    if (version !== this.cachedVersion) {
      this.pages.clear();
      this.cachedVersion = version;
    }
    const key = JSON.stringify([scopeKeyOf(viewer), filters, locale]);
    const cached = this.pages.get(key);
    if (cached) return this.withFreshCounts(cached);
    const page = await compute();
    // Computed while a newer version arrived: answer it, do not keep it.
    if (version === this.cachedVersion) {
      if (this.pages.size >= CACHE_ENTRIES) this.pages.delete(this.pages.keys().next().value as string);
      this.pages.set(key, page);
    }
    return page;
  }

  private async withFreshCounts(page: Page<CatalogVersionRow>): Promise<Page<CatalogVersionRow>> {
    const ids = page.rows.map((row) => row.versionId);
    if (ids.length === 0) return page;
    const counts = await this.db
      .select({ id: catalogVersions.id, downloadCount: catalogVersions.downloadCount })
      .from(catalogVersions)
      .where(inArray(catalogVersions.id, ids));
    const byId = new Map(counts.map((count) => [count.id, count.downloadCount]));
    return {
      ...page,
      rows: page.rows.map((row) => ({ ...row, downloadCount: byId.get(row.versionId) ?? row.downloadCount })),
    };
  }
}
