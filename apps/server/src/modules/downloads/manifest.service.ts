import { downloadPathOf, MANIFEST_FORMAT, type ManifestEntry, type SignedManifest } from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersions } from '../../db/schema';
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
    private readonly origin: string,
  ) {}

  async publicKeyPem(): Promise<string> {
    return (await this.signer()).publicKeyPem;
  }

  /** `<sha256>  <file name>` (the format `sha256sum -c` reads). */
  async sha256Sums(viewer: Viewer, versionId: number): Promise<SignedBody> {
    const { version } = await this.catalog.visibleVersion(viewer, versionId);
    return this.signed(Buffer.from(`${version.sha256}  ${version.fileName}\n`, 'utf8'));
  }

  /** Every published version the viewer may see, ordered by versionId. */
  async manifest(viewer: Viewer): Promise<SignedBody> {
    const rows = await this.db
      .select(entryColumns)
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
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
      .where(eq(catalogVersions.id, versionId));
    return this.signedManifest(rows);
  }

  private async signedManifest(rows: Omit<ManifestEntry, 'url'>[]): Promise<SignedBody> {
    const signer = await this.signer();
    const manifest: SignedManifest = {
      format: MANIFEST_FORMAT,
      keyId: signer.keyId,
      origin: this.origin,
      entries: rows.map((row) => ({ ...row, url: `${this.origin}${downloadPathOf(row.versionId)}` })),
    };
    return this.signed(Buffer.from(JSON.stringify(manifest), 'utf8'));
  }

  private async signed(body: Buffer): Promise<SignedBody> {
    const signer = await this.signer();
    return { body, signature: signer.sign(body), keyId: signer.keyId };
  }
}
