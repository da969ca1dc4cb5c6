import type { SbomComponent, SbomSearchRow, SbomSummary } from '@portal/contract';
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogSbomComponents, catalogVersions, catalogVersionSboms } from '../../db/schema';
import type { IndexedComponent } from './sbom-component';

export type SbomRow = typeof catalogVersionSboms.$inferSelect;

/** Component rows written per INSERT (PostgreSQL takes at most 65,535 parameters a statement). */
const INSERT_BATCH = 2_000;

/** Which component a search means: one of its keys (sbom-keys.ts), and a range of version keys. */
export type ComponentMatch = {
  by: 'purl' | 'cpe' | 'name';
  key: string;
  range: { gte?: string; gt?: string; lte?: string; lt?: string };
  statuses: string[] | null;
  limit: number;
};

export const summaryOf = (row: SbomRow): SbomSummary => ({
  versionId: row.versionId,
  format: row.format as SbomSummary['format'],
  specVersion: row.specVersion,
  fileName: row.fileName,
  size: row.size,
  sha256: row.sha256,
  components: row.components,
  sha512Filled: row.sha512Filled,
  attachedAt: row.createdAt.toISOString(),
});

const componentColumns = {
  name: catalogSbomComponents.name,
  version: catalogSbomComponents.version,
  purl: catalogSbomComponents.purl,
  cpe: catalogSbomComponents.cpe,
  supplier: catalogSbomComponents.supplier,
  licences: catalogSbomComponents.licences,
};

/** SQL of the SBOM tables (catalog_version_sboms, catalog_sbom_components). */
export class SbomRepository {
  constructor(private readonly db: Db) {}

  async find(versionId: number): Promise<SbomRow | null> {
    const [row] = await this.db
      .select()
      .from(catalogVersionSboms)
      .where(eq(catalogVersionSboms.versionId, versionId));
    return row ?? null;
  }

  /** The SBOMs of these versions (the manifest's and bundles' entries). */
  async findMany(versionIds: number[]): Promise<Map<number, SbomRow>> {
    if (versionIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(catalogVersionSboms)
      .where(inArray(catalogVersionSboms.versionId, versionIds));
    return new Map(rows.map((row) => [row.versionId, row]));
  }

  async components(versionId: number): Promise<SbomComponent[]> {
    return this.db
      .select(componentColumns)
      .from(catalogSbomComponents)
      .where(eq(catalogSbomComponents.versionId, versionId))
      .orderBy(asc(catalogSbomComponents.ordinal));
  }

  /** Replaces the version's SBOM and its components in one transaction; answers the one replaced. */
  async replace(
    row: typeof catalogVersionSboms.$inferInsert,
    components: IndexedComponent[],
  ): Promise<SbomRow | null> {
    return this.db.transaction(async (tx) => {
      const [previous] = await tx
        .delete(catalogVersionSboms)
        .where(eq(catalogVersionSboms.versionId, row.versionId))
        .returning();
      await tx.delete(catalogSbomComponents).where(eq(catalogSbomComponents.versionId, row.versionId));
      await tx.insert(catalogVersionSboms).values(row);
      for (let start = 0; start < components.length; start += INSERT_BATCH) {
        await tx.insert(catalogSbomComponents).values(
          components.slice(start, start + INSERT_BATCH).map((component, index) => ({
            ...component,
            versionId: row.versionId,
            ordinal: start + index,
          })),
        );
      }
      return previous ?? null;
    });
  }

  async remove(versionId: number): Promise<SbomRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.delete(catalogSbomComponents).where(eq(catalogSbomComponents.versionId, versionId));
      const [row] = await tx
        .delete(catalogVersionSboms)
        .where(eq(catalogVersionSboms.versionId, versionId))
        .returning();
      return row ?? null;
    });
  }

  /**
   * Versions holding a component, one indexed query: a range of (key, version_key) in the
   * purl, CPE or name index (version_key is collate "C"), joined to the versions and items.
   */
  async search(match: ComponentMatch): Promise<SbomSearchRow[]> {
    const c = catalogSbomComponents;
    const keyColumn = match.by === 'purl' ? c.purlKey : match.by === 'cpe' ? c.cpeKey : c.nameKey;
    const conditions: (SQL | undefined)[] = [eq(keyColumn, match.key)];
    if (match.by !== 'name') conditions.push(isNotNull(keyColumn));
    const { range } = match;
    if (range.gte !== undefined) conditions.push(gte(c.versionKey, range.gte));
    if (range.gt !== undefined) conditions.push(gt(c.versionKey, range.gt));
    if (range.lte !== undefined) conditions.push(lte(c.versionKey, range.lte));
    if (range.lt !== undefined) conditions.push(lt(c.versionKey, range.lt));
    if (match.statuses) conditions.push(inArray(catalogVersions.status, match.statuses));
    const rows = await this.db
      .select({
        versionId: c.versionId,
        itemCode: catalogItems.code,
        kind: catalogItems.kind,
        version: catalogVersions.version,
        status: catalogVersions.status,
        releaseDate: catalogVersions.releaseDate,
        name: c.name,
        componentVersion: c.version,
        purl: c.purl,
        cpe: c.cpe,
        supplier: c.supplier,
        licences: c.licences,
      })
      .from(c)
      .innerJoin(catalogVersions, eq(catalogVersions.id, c.versionId))
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(and(...conditions))
      .orderBy(
        asc(catalogItems.code),
        sql`${catalogVersions.releaseDate} desc`,
        asc(c.versionId),
        asc(c.ordinal),
      )
      .limit(match.limit);
    return rows.map(({ name, componentVersion, purl, cpe, supplier, licences, ...row }) => ({
      ...row,
      component: { name, version: componentVersion, purl, cpe, supplier, licences },
    }));
  }
}
