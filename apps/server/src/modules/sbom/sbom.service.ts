import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  SBOM_MAX_BYTES,
  SBOM_SEARCH_MAX_ROWS,
  sbomFileName,
  sbomPathOf,
  type SbomSearchResult,
  type SbomSummary,
  type VersionSbom,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store/file-store';
import type { Viewer } from '../catalog/catalog-access';
import type { CatalogService } from '../catalog/catalog.service';
import type { CheckedSbom } from './sbom-check';
import { componentVersionKey, cpeQueryKey, nameKey, purlKey } from './sbom-keys';
import { type SbomRow, SbomRepository, summaryOf } from './sbom.repository';

/** What `findVersionsContaining` looks for: one identifier and an optional range of its versions. */
export type ComponentQuery = ({ purl: string } | { cpe: string } | { name: string }) & {
  range?: { gte?: string; gt?: string; lte?: string; lt?: string };
  /** Also drafts and recalled versions (default: published only). */
  allStatuses?: boolean;
  /** At most this many rows (default and cap SBOM_SEARCH_MAX_ROWS). */
  limit?: number;
};

const tooLarge = () => new AppError('FILE_TOO_LARGE', { params: { maxMb: SBOM_MAX_BYTES / 1024 / 1024 } });
/** Checks an uploaded SBOM against the file it describes (checkSbomOffThread in the portal). */
export type SbomCheck = (bytes: Buffer, fileSha512: string) => Promise<CheckedSbom>;

const notFound = () => new AppError('SBOM_NOT_FOUND');

/**
 * SBOMs of catalogue versions (issue 43 §1): attach (checked, stored, indexed), serve under the
 * file's access rule, list for the version drawer, and search "which versions contain component
 * X in versions Y" for VEX triage.
 */
export class SbomService {
  private readonly repository: SbomRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: FileStore,
    private readonly catalog: CatalogService,
    private readonly log: FastifyBaseLogger,
    /** checkSbomOffThread in the portal; tests may check in-thread. */
    private readonly check: SbomCheck,
  ) {
    this.repository = new SbomRepository(db);
  }

  /**
   * Checks and stores an SBOM for a version (draft, published or recalled: staff may attach one
   * later), replacing any earlier one. The caller has read at most SBOM_MAX_BYTES + 1 bytes.
   */
  async attach(versionId: number, bytes: Buffer, userId: number): Promise<SbomSummary> {
    if (bytes.length > SBOM_MAX_BYTES) throw tooLarge();
    const [version] = await this.db
      .select({
        storageKey: catalogVersions.storageKey,
        fileName: catalogVersions.fileName,
        code: catalogItems.code,
      })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(eq(catalogVersions.id, versionId));
    if (!version) throw new AppError('PUBLISH_NOT_FOUND');
    const checked = await this.check(bytes, await this.fileSha512(version.storageKey));
    if (!checked.accepted)
      throw new AppError('SBOM_INVALID', {
        fields: checked.problems.map((problem) => ({
          field: problem.field,
          messageKey: problem.code,
          params: problem.params ?? {},
          code: problem.code,
        })),
      });
    return this.storeChecked(versionId, version.code, version.fileName, checked, userId);
  }

  /** Stores checked SBOM bytes and their index (also the demo seed's way in). */
  async storeChecked(
    versionId: number,
    itemCode: string,
    fileName: string,
    checked: Extract<CheckedSbom, { accepted: true }>,
    userId: number | null,
  ): Promise<SbomSummary> {
    const name = sbomFileName(fileName, checked.format);
    const key = `sbom/${itemCode}/${randomUUID()}/${checked.format}.json`;
    const stored = await this.store.put(key, Readable.from([checked.bytes]), {
      maxBytes: checked.bytes.length,
    });
    try {
      const previous = await this.repository.replace(
        {
          versionId,
          format: checked.format,
          specVersion: checked.specVersion,
          fileName: name,
          size: stored.size,
          sha256: stored.sha256,
          storageKey: key,
          components: checked.components.length,
          sha512Filled: checked.sha512Filled,
          createdBy: userId,
          createdAt: this.clock.now(),
        },
        checked.components,
      );
      if (previous) await this.removeStored(previous.storageKey);
    } catch (error) {
      await this.removeStored(key);
      throw error;
    }
    const row = await this.repository.find(versionId);
    if (!row) throw notFound();
    return summaryOf(row);
  }

  async detach(versionId: number): Promise<void> {
    const row = await this.repository.remove(versionId);
    if (!row) throw notFound();
    await this.removeStored(row.storageKey);
  }

  /** Staff: the summary of a version's SBOM, whatever its status. */
  async summary(versionId: number): Promise<SbomSummary> {
    const row = await this.repository.find(versionId);
    if (!row) throw notFound();
    return summaryOf(row);
  }

  /**
   * The SBOM of a version the viewer may download (CatalogService.visibleVersion: exactly the
   * file's rule, tickets and restricted items included); a version they may not see answers
   * like one without an SBOM.
   */
  async visible(viewer: Viewer, versionId: number): Promise<SbomRow> {
    await this.catalog.visibleVersion(viewer, versionId);
    const row = await this.repository.find(versionId);
    if (!row) throw notFound();
    return row;
  }

  /** The version drawer: summary, download path and every component. */
  async forDrawer(viewer: Viewer, versionId: number): Promise<VersionSbom> {
    const row = await this.visible(viewer, versionId);
    return {
      summary: summaryOf(row),
      url: sbomPathOf(versionId),
      components: await this.repository.components(versionId),
    };
  }

  /** The SBOMs of these versions (manifests and bundles list them). */
  entries(versionIds: number[]): Promise<Map<number, SbomRow>> {
    return this.repository.findMany(versionIds);
  }

  /**
   * Which catalogue versions contain a component (VEX triage): by purl (`pkg:generic/openssl`,
   * a version in it is ignored), CPE (`cpe:2.3:a:openssl:openssl:...` or `openssl:openssl`) or
   * name (case-insensitive), optionally within a range of the component's versions in the
   * catalogue's version order (`{ lt: '3.0.8' }`: 3.0.7, 1.1.1w and 3.0.8-rc1, not 3.0.8 or 3.0.8a).
   * Staff only: it does not apply any viewer's access rule.
   */
  async findVersionsContaining(query: ComponentQuery): Promise<SbomSearchResult> {
    const match =
      'purl' in query
        ? { by: 'purl' as const, key: purlKey(query.purl) }
        : 'cpe' in query
          ? { by: 'cpe' as const, key: cpeQueryKey(query.cpe) }
          : { by: 'name' as const, key: nameKey(query.name) };
    if (!match.key)
      throw AppError.invalidFields([
        { field: match.by, messageKey: match.by === 'purl' ? 'SBOM_PURL_INVALID' : 'SBOM_CPE_INVALID' },
      ]);
    const range = Object.fromEntries(
      Object.entries(query.range ?? {})
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .map(([bound, version]) => [bound, componentVersionKey(version)]),
    );
    const limit = Math.min(query.limit ?? SBOM_SEARCH_MAX_ROWS, SBOM_SEARCH_MAX_ROWS);
    const rows = await this.repository.search({
      by: match.by,
      key: match.key,
      range,
      statuses: query.allStatuses ? null : ['published'],
      limit: limit + 1,
    });
    return { rows: rows.slice(0, limit), truncated: rows.length > limit };
  }

  /** SHA-512 of the deployable file, read from the store (TR-03183-2 wants it in the SBOM). */
  private async fileSha512(storageKey: string): Promise<string> {
    const hash = createHash('sha512');
    for await (const chunk of await this.store.open(storageKey)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  private async removeStored(key: string): Promise<void> {
    await this.store
      .remove(key)
      .catch((err: unknown) => this.log.error({ err, key }, 'SBOM file not removed'));
  }
}
