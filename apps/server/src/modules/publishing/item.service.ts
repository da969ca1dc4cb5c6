import {
  type Page,
  type PublishGrant,
  type PublishItem,
  type publishItemInputSchema,
  type publishItemQuerySchema,
} from '@portal/contract';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { catalogItemGrants, catalogItems, catalogVersions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/pg-errors';
import { normaliseGrantValue } from '../catalog/catalog-access';

type ItemInput = z.output<typeof publishItemInputSchema>;
type ItemQuery = z.output<typeof publishItemQuerySchema>;
type ItemRow = typeof catalogItems.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Staff view of catalogue items: every item whatever its visibility, with version counts. */
export class PublishItemService {
  constructor(private readonly db: Db) {}

  async page(query: ItemQuery): Promise<Page<PublishItem>> {
    const conditions: SQL[] = [];
    if (query.kind) conditions.push(eq(catalogItems.kind, query.kind));
    if (query.q) {
      const like = `%${escapeLike(query.q)}%`;
      const match = or(
        ilike(catalogItems.code, like),
        ilike(catalogItems.nameZh, like),
        ilike(catalogItems.nameEn, like),
      );
      if (match) conditions.push(match);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogItems)
      .where(where);
    const rows = await this.db
      .select()
      .from(catalogItems)
      .where(where)
      .orderBy(asc(catalogItems.kind), asc(catalogItems.sort), asc(catalogItems.code))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    return { rows: await this.describe(rows), totalRows: total?.n ?? 0, pageNo: query.pageNo };
  }

  async get(id: number): Promise<PublishItem> {
    const [row] = await this.db.select().from(catalogItems).where(eq(catalogItems.id, id)).limit(1);
    if (!row) throw new AppError('PUBLISH_NOT_FOUND');
    const [item] = await this.describe([row]);
    if (!item) throw new AppError('PUBLISH_NOT_FOUND');
    return item;
  }

  async create(input: ItemInput): Promise<PublishItem> {
    const id = await this.write(input, async (tx) => {
      const [row] = await tx
        .insert(catalogItems)
        .values(this.columns(input))
        .returning({ id: catalogItems.id });
      if (!row) throw new Error('item not inserted');
      return row.id;
    });
    return this.get(id);
  }

  /** Replaces every field and the whole grant list. */
  async update(id: number, input: ItemInput): Promise<PublishItem> {
    await this.write(input, async (tx) => {
      const [row] = await tx
        .update(catalogItems)
        .set(this.columns(input))
        .where(eq(catalogItems.id, id))
        .returning({ id: catalogItems.id });
      if (!row) throw new AppError('PUBLISH_NOT_FOUND');
      await tx.delete(catalogItemGrants).where(eq(catalogItemGrants.itemId, id));
      return row.id;
    });
    return this.get(id);
  }

  private columns(input: ItemInput) {
    const { grants: _grants, ...columns } = input;
    return { ...columns, softwareIds: [...new Set(input.softwareIds)] };
  }

  private async write(input: ItemInput, save: (tx: Db) => Promise<number>): Promise<number> {
    try {
      return await this.db.transaction(async (transaction) => {
        const tx: Db = transaction;
        const id = await save(tx);
        const grants = uniqueGrants(input.grants);
        if (grants.length > 0)
          await tx.insert(catalogItemGrants).values(grants.map((grant) => ({ itemId: id, ...grant })));
        return id;
      });
    } catch (error) {
      if (uniqueViolation(error) === 'catalog_items_code_unique')
        throw new AppError('PUBLISH_CODE_EXISTS', { params: { code: input.code } });
      throw error;
    }
  }

  /** Adds grants and version counts to item rows (two batched queries). */
  private async describe(rows: ItemRow[]): Promise<PublishItem[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [grants, counts] = await Promise.all([
      this.db.select().from(catalogItemGrants).where(inArray(catalogItemGrants.itemId, ids)),
      this.db
        .select({
          itemId: catalogVersions.itemId,
          draft: sql<number>`count(*) filter (where ${catalogVersions.status} = 'draft')::int`,
          published: sql<number>`count(*) filter (where ${catalogVersions.status} = 'published')::int`,
          recalled: sql<number>`count(*) filter (where ${catalogVersions.status} = 'recalled')::int`,
          latest: sql<
            string | null
          >`(array_agg(${catalogVersions.version} order by ${catalogVersions.releaseDate} desc, ${catalogVersions.id} desc) filter (where ${catalogVersions.status} = 'published'))[1]`,
        })
        .from(catalogVersions)
        .where(inArray(catalogVersions.itemId, ids))
        .groupBy(catalogVersions.itemId),
    ]);
    return rows.map((row) => {
      const count = counts.find((c) => c.itemId === row.id);
      return {
        id: row.id,
        code: row.code,
        kind: row.kind,
        section: row.section,
        nameZh: row.nameZh,
        nameEn: row.nameEn,
        descriptionZh: row.descriptionZh,
        descriptionEn: row.descriptionEn,
        visibility: row.visibility as PublishItem['visibility'],
        sort: row.sort,
        softwareIds: row.softwareIds,
        grants: grants
          .filter((g) => g.itemId === row.id)
          .map((g) => ({ grantType: g.grantType as PublishGrant['grantType'], value: g.value })),
        counts: {
          draft: count?.draft ?? 0,
          published: count?.published ?? 0,
          recalled: count?.recalled ?? 0,
        },
        latestVersion: count?.latest ?? null,
        createTime: row.createdAt.toISOString(),
      };
    });
  }
}

/** Grants as stored (normalised), without duplicates that would break the primary key. */
function uniqueGrants(grants: PublishGrant[]): PublishGrant[] {
  const seen = new Map<string, PublishGrant>();
  for (const grant of grants) {
    const value = normaliseGrantValue(grant.grantType, grant.value);
    if (value) seen.set(`${grant.grantType}:${value}`, { grantType: grant.grantType, value });
  }
  return [...seen.values()];
}
