import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sbomFileName } from '@portal/contract';
import type { FileStore } from '../../lib/file-store/file-store';
import { indexedComponent } from '../../modules/sbom/sbom-component';
import type { Db } from '../connection';
import { catalogSbomComponents, catalogVersionSboms } from '../schema';
import type { ItemSeed, VersionSeed } from './catalog-seed-data';
import { demoSbom, SBOM_KINDS } from './demo-sboms';

/** A demo SBOM written to the store, waiting for its version's row. */
export type DemoSbomFile = {
  key: string;
  fileName: string;
  bytes: Buffer;
  sha256: string;
  document: ReturnType<typeof demoSbom>;
};

/** The SBOM of a firmware demo version, written to the store (files first, as the seed does). */
export async function storeDemoSbom(
  store: FileStore,
  item: ItemSeed,
  version: VersionSeed,
  index: number,
  payload: { fileName: string; bytes: Buffer },
): Promise<DemoSbomFile | null> {
  if (!SBOM_KINDS.has(item.kind)) return null;
  const sha512 = createHash('sha512').update(payload.bytes).digest('hex');
  const document = demoSbom(item, version, index, { fileName: payload.fileName, sha512 });
  const bytes = Buffer.from(`${JSON.stringify(document, null, 2)}\n`);
  const key = `sbom/${item.code}/${version.version}/cyclonedx.json`;
  await store.put(key, Readable.from([bytes]));
  return {
    key,
    fileName: sbomFileName(payload.fileName, 'cyclonedx'),
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    document,
  };
}

type DemoComponent = {
  name: string;
  version: string;
  purl: string;
  cpe?: string;
  supplier: { name: string };
  licenses: { license: { id?: string; name?: string } }[];
};

/** Its rows: the SBOM and its index of components (what SbomService writes for an upload). */
export async function insertDemoSbom(db: Db, versionId: number, sbom: DemoSbomFile, at: Date): Promise<void> {
  const components = (sbom.document.components as DemoComponent[]).map((c) =>
    indexedComponent({
      name: c.name,
      version: c.version,
      purl: c.purl,
      cpe: c.cpe ?? null,
      supplier: c.supplier.name,
      licences: c.licenses.map((l) => l.license.id ?? l.license.name ?? ''),
    }),
  );
  await db.insert(catalogVersionSboms).values({
    versionId,
    format: 'cyclonedx',
    specVersion: '1.6',
    fileName: sbom.fileName,
    size: sbom.bytes.length,
    sha256: sbom.sha256,
    storageKey: sbom.key,
    components: components.length,
    sha512Filled: false,
    createdAt: at,
  });
  await db
    .insert(catalogSbomComponents)
    .values(components.map((component, ordinal) => ({ ...component, versionId, ordinal })));
}
