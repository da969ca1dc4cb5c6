import {
  CATALOG_CONFIG_VIEW_MAX_BYTES,
  type CatalogConfig,
  type CatalogItemDetail,
  type CatalogItemSummary,
  type CatalogModel,
  type CatalogNotes,
  type CatalogTool,
  type CatalogVersionDetail,
  type CatalogVersionFilters,
  type CatalogVersionRow,
  type Locale,
  type Page,
  RELEASE_NOTE_KIND_CODES,
} from '@portal/contract';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  catalogItems,
  catalogReleaseNotes,
  catalogVersionModels,
  catalogVersions,
  modelSupportPeriods,
  serverModels,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store/file-store';
import { type CatalogAccess, type Viewer } from './catalog-access';
import { CatalogListCache } from './catalog-list-cache';
import { CatalogListRepository, type ListScope } from './catalog-list.repository';
import { localName, toVersionRows, type VersionRowRecord, versionRowColumns } from './catalog-rows';

type ItemRow = typeof catalogItems.$inferSelect;
type VersionRow = typeof catalogVersions.$inferSelect;

const PUBLISHED = ['published'];
const EVERY_STATUS = ['published', 'draft', 'recalled'];

/** Customers see published versions only; publishers see `wanted` (every status unless narrowed). */
export function statusesFor(viewer: Viewer, wanted: readonly string[] = EVERY_STATUS): string[] {
  return viewer.signedIn && viewer.seesEverything ? [...wanted] : PUBLISHED;
}

function notVisible(): AppError {
  return new AppError('CATALOG_NOT_VISIBLE');
}

/**
 * Browsing the catalogue as a given viewer: tables, item and version detail,
 * configuration sets and the requested-tool link. Whatever the viewer may not
 * see answers CATALOG_NOT_VISIBLE, exactly like something that does not exist.
 */
export class CatalogService {
  private readonly lists: CatalogListRepository;
  private readonly listCache: CatalogListCache;

  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
    private readonly store: FileStore,
  ) {
    this.lists = new CatalogListRepository(db);
    this.listCache = new CatalogListCache(db);
  }

  viewerOf(userId: number | null): Promise<Viewer> {
    return this.access.viewerOf(userId);
  }

  scopeOf(viewer: Viewer, wantedStatuses?: string[]): ListScope {
    return { visibleItems: this.access.visibleItems(viewer), statuses: statusesFor(viewer, wantedStatuses) };
  }

  async models(locale: Locale): Promise<(CatalogModel & { id: number })[]> {
    const rows = await this.db
      .select({ model: serverModels, supportEnd: modelSupportPeriods.securitySupportEnd })
      .from(serverModels)
      .leftJoin(modelSupportPeriods, eq(modelSupportPeriods.modelId, serverModels.id))
      .orderBy(asc(serverModels.family), asc(serverModels.code));
    // The end of security support goes with the model wherever customers choose one (CRA Art. 13(19)).
    return rows.map(({ model: m, supportEnd }) => ({
      id: m.id,
      code: m.code,
      family: m.family,
      name: localName(locale, m),
      securitySupportEnd: supportEnd,
    }));
  }

  list(viewer: Viewer, filters: CatalogVersionFilters, locale: Locale): Promise<Page<CatalogVersionRow>> {
    // Tables show published versions unless a publisher asks for drafts or recalled ones.
    const wanted = filters.status?.length ? filters.status : PUBLISHED;
    return this.listCache.page(viewer, filters, locale, () =>
      this.lists.page(filters, this.scopeOf(viewer, wanted), locale),
    );
  }

  async item(viewer: Viewer, code: string, locale: Locale): Promise<CatalogItemDetail> {
    const item = await this.visibleItem(viewer, code);
    const records = await this.db
      .select(versionRowColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(and(eq(catalogVersions.itemId, item.id), inArray(catalogVersions.status, statusesFor(viewer))))
      .orderBy(desc(catalogVersions.releaseDate), desc(catalogVersions.id));
    const rows = toVersionRows(locale, records as VersionRowRecord[]);
    const notes = await this.notesOf(
      rows.map((r) => r.versionId),
      locale,
    );
    return {
      ...summaryOf(item, locale),
      versions: rows.map((row) => ({ ...row, notes: notes.get(row.versionId) ?? emptyNotes() })),
    };
  }

  async version(viewer: Viewer, versionId: number, locale: Locale): Promise<CatalogVersionDetail> {
    const { item, version } = await this.visibleVersion(viewer, versionId);
    const [records, others, models, notes] = await Promise.all([
      this.db
        .select(versionRowColumns)
        .from(catalogVersions)
        .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
        .where(eq(catalogVersions.id, versionId)),
      this.db
        .select({
          versionId: catalogVersions.id,
          version: catalogVersions.version,
          status: catalogVersions.status,
          releaseDate: catalogVersions.releaseDate,
          severity: catalogVersions.severity,
        })
        .from(catalogVersions)
        .where(and(eq(catalogVersions.itemId, item.id), inArray(catalogVersions.status, statusesFor(viewer))))
        .orderBy(desc(catalogVersions.releaseDate), desc(catalogVersions.id)),
      this.db
        .select({
          code: serverModels.code,
          family: serverModels.family,
          nameZh: serverModels.nameZh,
          nameEn: serverModels.nameEn,
        })
        .from(catalogVersionModels)
        .innerJoin(serverModels, eq(serverModels.id, catalogVersionModels.modelId))
        .where(eq(catalogVersionModels.versionId, versionId))
        .orderBy(asc(serverModels.code)),
      this.notesOf([versionId], locale),
    ]);
    const [row] = toVersionRows(locale, records as VersionRowRecord[]);
    if (!row) throw notVisible();
    return {
      ...row,
      notes: notes.get(versionId) ?? emptyNotes(),
      item: summaryOf(item, locale),
      notesHtml: locale === 'zh-CN' ? version.notesHtmlZh : version.notesHtmlEn,
      compatibility: {
        models: models.map((m) => ({ code: m.code, family: m.family, name: localName(locale, m) })),
        parts: row.parts,
      },
      otherVersions: others
        .filter((o) => o.versionId !== versionId)
        .map((o) => ({ ...o, status: o.status as CatalogVersionRow['status'] })),
      publishTime: version.publishedAt?.toISOString() ?? null,
      recallTime: version.recalledAt?.toISOString() ?? null,
      recallReason: version.recallReason,
    };
  }

  /** A CONFIG item's JSON, parsed so the page can show it as a tree. */
  async config(viewer: Viewer, versionId: number): Promise<CatalogConfig> {
    const { item, version } = await this.visibleVersion(viewer, versionId);
    if (item.kind !== 'CONFIG' || version.fileSize > CATALOG_CONFIG_VIEW_MAX_BYTES)
      throw new AppError('CATALOG_NOT_CONFIG');
    const chunks: Buffer[] = [];
    const body = await this.store.open(version.storageKey).catch(() => {
      throw new AppError('FILE_NOT_FOUND');
    });
    for await (const chunk of body) chunks.push(chunk as Buffer);
    let config: unknown;
    try {
      config = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new AppError('CATALOG_NOT_CONFIG');
    }
    return { versionId, itemCode: item.code, version: version.version, fileName: version.fileName, config };
  }

  /**
   * The stored requestTool value resolved to the newest version the viewer may download.
   * Links from other systems name a tool loosely ('uKits', 'cli'): an item code first,
   * then a software section, either in any case.
   */
  async tool(viewer: Viewer, requested: string, locale: Locale): Promise<CatalogTool> {
    const wanted = requested.trim().toLowerCase();
    const [named] = await this.db
      .select({ code: catalogItems.code })
      .from(catalogItems)
      .where(
        or(sql`lower(${catalogItems.code}) = ${wanted}`, sql`lower(${catalogItems.section}) = ${wanted}`),
      )
      .orderBy(
        sql`lower(${catalogItems.code}) = ${wanted} desc`,
        asc(catalogItems.sort),
        asc(catalogItems.id),
      )
      .limit(1);
    if (!named) throw notVisible();
    const item = await this.visibleItem(viewer, named.code);
    const records = await this.db
      .select(versionRowColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(and(eq(catalogVersions.itemId, item.id), eq(catalogVersions.status, 'published')))
      .orderBy(desc(catalogVersions.releaseDate), desc(catalogVersions.id))
      .limit(1);
    const [latest] = toVersionRows(locale, records as VersionRowRecord[]);
    if (!latest) throw notVisible();
    return { item: summaryOf(item, locale), latest };
  }

  private async visibleItem(viewer: Viewer, code: string): Promise<ItemRow> {
    const [item] = await this.db.select().from(catalogItems).where(eq(catalogItems.code, code)).limit(1);
    if (!item || !(await this.access.canSee(viewer, item))) throw notVisible();
    return item;
  }

  /** The item and version `viewer` may open (downloads use it too); CATALOG_NOT_VISIBLE otherwise. */
  async visibleVersion(viewer: Viewer, versionId: number): Promise<{ item: ItemRow; version: VersionRow }> {
    const [found] = await this.db
      .select({ item: catalogItems, version: catalogVersions })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(eq(catalogVersions.id, versionId))
      .limit(1);
    if (!found || !statusesFor(viewer).includes(found.version.status)) throw notVisible();
    if (!(await this.access.canSee(viewer, found.item))) throw notVisible();
    return found;
  }

  private async notesOf(versionIds: number[], locale: Locale): Promise<Map<number, CatalogNotes>> {
    const notes = new Map<number, CatalogNotes>();
    if (versionIds.length === 0) return notes;
    const rows = await this.db
      .select()
      .from(catalogReleaseNotes)
      .where(inArray(catalogReleaseNotes.versionId, versionIds))
      .orderBy(
        asc(catalogReleaseNotes.versionId),
        asc(catalogReleaseNotes.sort),
        asc(catalogReleaseNotes.id),
      );
    for (const row of rows) {
      const entry = notes.get(row.versionId) ?? emptyNotes();
      const text = locale === 'zh-CN' ? row.textZh : row.textEn;
      if (row.kind === RELEASE_NOTE_KIND_CODES.NEW) entry.new.push(text);
      else if (row.kind === RELEASE_NOTE_KIND_CODES.OPTIMIZE) entry.optimize.push(text);
      else if (row.kind === RELEASE_NOTE_KIND_CODES.HOTFIX) entry.hotfix.push(text);
      notes.set(row.versionId, entry);
    }
    return notes;
  }
}

function emptyNotes(): CatalogNotes {
  return { new: [], optimize: [], hotfix: [] };
}

export function summaryOf(item: ItemRow, locale: Locale): CatalogItemSummary {
  return {
    code: item.code,
    kind: item.kind,
    section: item.section,
    name: localName(locale, item),
    description: locale === 'zh-CN' ? item.descriptionZh : item.descriptionEn,
    visibility: item.visibility as CatalogItemSummary['visibility'],
  };
}
