import { createHash } from 'node:crypto';
import {
  consoleVersionPathOf,
  downloadPathOf,
  FEED_MAX_ENTRIES,
  FEED_PATH,
  type FeedQuery,
  type Locale,
} from '@portal/contract';
import { and, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  catalogItems,
  catalogVersionModels,
  catalogVersionParts,
  catalogVersions,
  serverModels,
} from '../../db/schema';
import { translate } from '../../lib/i18n/messages';
import type { CatalogAccess } from '../catalog/catalog-access';
import { severityName } from '../notice/notice-fanout';
import { type AtomEntry, writeAtom } from './atom-writer';

/** The feed's filters: what the query named, already checked and upper-cased. */
export type FeedFilters = Pick<FeedQuery, 'model' | 'kind' | 'pn'>;

/** A written feed and what conditional requests compare. */
export type FeedDocument = { xml: string; etag: string; lastModified: Date; private: boolean };

/**
 * The date in tag: URIs (RFC 4151) must never change, or every reader would see every entry
 * again: it names when the portal started minting them, not when an entry was made.
 */
const TAG_DATE = '2026';

/** When a version entered the feed: its recall, else its release. */
const eventTime = sql<Date>`coalesce(${catalogVersions.recalledAt}, ${catalogVersions.publishedAt}, ${catalogVersions.createdAt})`;

/** New and recalled releases as Atom: what the viewer may see, newest first. */
export class FeedService {
  private readonly authority: string;

  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
    private readonly publicUrl: string,
  ) {
    this.authority = new URL(publicUrl).hostname;
  }

  /** The feed `userId` may read (null: the public feed, what anyone may see). */
  async releases(userId: number | null, filters: FeedFilters, locale: Locale): Promise<FeedDocument> {
    const isPrivate = userId !== null;
    const viewer = await this.access.viewerOf(userId);
    const conditions: (SQL | undefined)[] = [
      inArray(catalogVersions.status, ['published', 'recalled']),
      this.access.visibleItems(viewer),
    ];
    if (filters.kind) conditions.push(eq(catalogItems.kind, filters.kind));
    if (filters.model)
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(catalogVersionModels)
            .innerJoin(serverModels, eq(serverModels.id, catalogVersionModels.modelId))
            .where(
              and(
                eq(catalogVersionModels.versionId, catalogVersions.id),
                eq(serverModels.code, filters.model),
              ),
            ),
        ),
      );
    if (filters.pn)
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(catalogVersionParts)
            .where(
              and(
                eq(catalogVersionParts.versionId, catalogVersions.id),
                eq(catalogVersionParts.partNumber, filters.pn),
              ),
            ),
        ),
      );
    const rows = await this.db
      .select({
        id: catalogVersions.id,
        version: catalogVersions.version,
        status: catalogVersions.status,
        releaseDate: catalogVersions.releaseDate,
        fileName: catalogVersions.fileName,
        fileSize: catalogVersions.fileSize,
        contentType: catalogVersions.contentType,
        severity: catalogVersions.severity,
        createdAt: catalogVersions.createdAt,
        publishedAt: catalogVersions.publishedAt,
        recalledAt: catalogVersions.recalledAt,
        recallReason: catalogVersions.recallReason,
        kind: catalogItems.kind,
        nameZh: catalogItems.nameZh,
        nameEn: catalogItems.nameEn,
      })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(and(...conditions))
      .orderBy(desc(eventTime), desc(catalogVersions.id))
      .limit(FEED_MAX_ENTRIES);

    const entries = rows.map((row): AtomEntry => {
      const recalled = row.status === 'recalled';
      const published = row.publishedAt ?? row.createdAt;
      const item = locale === 'zh-CN' ? row.nameZh : row.nameEn;
      const severity = severityName(locale, row.severity);
      return {
        // A recall is news of its own: a new entry, not a silent edit of the release's entry.
        id: `tag:${this.authority},${TAG_DATE}:${recalled ? 'recall' : 'release'}/${row.id}`,
        title: recalled
          ? translate(locale, 'FEED_ENTRY_RECALLED', { item, version: row.version })
          : `${item} ${row.version}`,
        updated: recalled && row.recalledAt ? row.recalledAt : published,
        published,
        summary: recalled
          ? translate(locale, 'FEED_SUMMARY_RECALLED', { severity, reason: row.recallReason ?? '' })
          : translate(locale, 'FEED_SUMMARY_RELEASED', { severity, date: row.releaseDate }),
        pageUrl: `${this.publicUrl}${consoleVersionPathOf(row.kind, row.id)}`,
        download: recalled
          ? undefined
          : {
              url: `${this.publicUrl}${downloadPathOf(row.id)}`,
              title: translate(locale, 'FEED_LINK_DOWNLOAD', { file: row.fileName }),
              type: row.contentType,
              length: row.fileSize,
            },
        categories: [row.kind, row.severity, ...(recalled ? ['recalled'] : [])],
      };
    });
    const lastModified = new Date(Math.max(0, ...entries.map((entry) => entry.updated.getTime())));
    const query = new URLSearchParams();
    for (const name of ['model', 'kind', 'pn'] as const) {
      const value = filters[name];
      if (value) query.set(name, value);
    }
    query.set('locale', locale);
    const filterNames = [filters.model, filters.kind, filters.pn].filter(Boolean).join(' · ');
    const xml = writeAtom({
      // One id per filter set and audience; the token itself never appears in the document.
      id: `tag:${this.authority},${TAG_DATE}:feed/releases${isPrivate ? '/private' : ''}?${query}`,
      title: filterNames
        ? translate(locale, 'FEED_FILTERED_TITLE', { filters: filterNames })
        : translate(locale, 'FEED_TITLE'),
      subtitle: translate(locale, 'FEED_SUBTITLE'),
      updated: lastModified,
      selfUrl: `${this.publicUrl}${FEED_PATH}?${query}`,
      alternateUrl: this.publicUrl,
      language: locale,
      entries,
    });
    const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
    return { xml, etag, lastModified, private: isPrivate };
  }
}
