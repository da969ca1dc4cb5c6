import {
  downloadPathOf,
  MANIFEST_FORMAT,
  sbomPathOf,
  type ManifestEntry,
  type SignedManifest,
} from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions, catalogVersionSboms } from '../../db/schema';
import type { Ed25519Signer } from '../../lib/signing/ed25519-signer';
import type { CatalogAccess, Viewer } from '../catalog/catalog-access';
import type { CatalogService } from '../catalog/catalog.service';

/** Exact body bytes and their detached Ed25519 signature. */
export type SignedBody = { body: Buffer; signature: Buffer; keyId: string };

const entryColumns = {
  versionId: catalogVersions.id,
  itemCode: catalogItems.code,
  kind: catalogItems.kind,
  version: catalogVersions.version,
  releaseDate: catalogVersions.releaseDate,
  fileName: catalogVersions.fileName,
  size: catalogVersions.fileSize,
  sha256: catalogVersions.sha256,
  md5: catalogVersions.md5,
  // The version's SBOM, when it has one (issue 43): listed, hash and all, under the same signature.
  sbomFileName: catalogVersionSboms.fileName,
  sbomSize: catalogVersionSboms.size,
  sbomSha256: catalogVersionSboms.sha256,
};
type EntryRow = Omit<ManifestEntry, 'url' | 'sbom'> & {
  sbomFileName: string | null;
  sbomSize: number | null;
  sbomSha256: string | null;
};

/**
 * What customers verify downloads with: SHA256SUMS per version and manifests of
 * the versions a viewer may see, both signed with the portal's Ed25519 key.
 */
export class ManifestService {
  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
    private readonly catalog: CatalogService,
    private readonly signer: () => Promise<Ed25519Signer>,
    /** The portal's public address (PUBLIC_URL) the signed documents name. */
    readonly origin: string,
  ) {}

  async publicKeyPem(): Promise<string> {
    return (await this.signer()).publicKeyPem;
  }

  /** `<sha256>  <file name>` (the format `sha256sum -c` reads). */
  async sha256Sums(viewer: Viewer, versionId: number): Promise<SignedBody> {
    const { version } = await this.catalog.visibleVersion(viewer, versionId);
    return this.signed(Buffer.from(`${version.sha256}  ${version.fileName}\n`, 'utf8'));
  }

  /** Refuses a version the viewer may not see (the same rule as its download and SHA256SUMS). */
  async checkVisible(viewer: Viewer, versionId: number): Promise<void> {
    await this.catalog.visibleVersion(viewer, versionId);
  }

  /** Every published version the viewer may see, ordered by versionId. */
  async manifest(viewer: Viewer): Promise<SignedBody> {
    const rows = await this.db
      .select(entryColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .leftJoin(catalogVersionSboms, eq(catalogVersionSboms.versionId, catalogVersions.id))
      .where(and(eq(catalogVersions.status, 'published'), this.access.visibleItems(viewer)))
      .orderBy(asc(catalogVersions.id));
    return this.signedManifest(rows);
  }

  /** One version's manifest (same rule as its download). */
  async versionManifest(viewer: Viewer, versionId: number): Promise<SignedBody> {
    await this.catalog.visibleVersion(viewer, versionId);
    const rows = await this.db
      .select(entryColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .leftJoin(catalogVersionSboms, eq(catalogVersionSboms.versionId, catalogVersions.id))
      .where(eq(catalogVersions.id, versionId));
    return this.signedManifest(rows);
  }

  private async signedManifest(rows: EntryRow[]): Promise<SignedBody> {
    const signer = await this.signer();
    const manifest: SignedManifest = {
      format: MANIFEST_FORMAT,
      keyId: signer.keyId,
      origin: this.origin,
      entries: rows.map(({ sbomFileName, sbomSize, sbomSha256, ...row }) => ({
        ...row,
        url: `${this.origin}${downloadPathOf(row.versionId)}`,
        // The SBOM's hash signed with the file's (issue 43): `fwportal download` checks it.
        ...(sbomFileName !== null &&
          sbomSize !== null &&
          sbomSha256 !== null && {
            sbom: {
              fileName: sbomFileName,
              size: sbomSize,
              sha256: sbomSha256,
              url: `${this.origin}${sbomPathOf(row.versionId)}`,
            },
          }),
      })),
    };
    return this.signed(Buffer.from(JSON.stringify(manifest), 'utf8'));
  }

  /** `body` with its detached signature by the release key (the compliance context of issue 44 too). */
  async signed(body: Buffer): Promise<SignedBody> {
    const signer = await this.signer();
    return { body, signature: signer.sign(body), keyId: signer.keyId };
  }
}
