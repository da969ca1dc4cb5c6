import { createHash } from 'node:crypto';
import { BOUNDARY, multipartBody } from '../publishing/publishing-test-kit';

/** Test helpers of the SBOM module: documents that pass or fail on purpose, and their upload. */
export const sha512Of = (bytes: Buffer) => createHash('sha512').update(bytes).digest('hex');

export type BomComponent = Record<string, unknown>;

/** A component TR-03183-2 is happy with. */
export const goodComponent = (name: string, version: string, extra: BomComponent = {}): BomComponent => ({
  type: 'library',
  'bom-ref': `${name}@${version}`,
  name,
  version,
  supplier: { name: `${name} project` },
  licenses: [{ license: { id: 'Apache-2.0' } }],
  purl: `pkg:generic/${name}@${version}`,
  ...extra,
});

/** A CycloneDX 1.6 document that passes every check (the top component's SHA-512 left out unless given). */
export function cycloneDx(
  options: {
    components?: BomComponent[];
    sha512?: string;
    specVersion?: string;
    metadata?: Record<string, unknown>;
  } = {},
) {
  return {
    bomFormat: 'CycloneDX',
    specVersion: options.specVersion ?? '1.6',
    serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
    version: 1,
    metadata: {
      timestamp: '2026-03-01T08:00:00Z',
      authors: [{ name: 'Firmware team', email: 'firmware@example.com' }],
      component: {
        type: 'firmware',
        name: 'm7-bmc',
        version: '2.1.0',
        supplier: { name: 'Example Servers' },
        ...(options.sha512 ? { hashes: [{ alg: 'SHA-512', content: options.sha512 }] } : {}),
      },
      ...options.metadata,
    },
    components: options.components ?? [
      goodComponent('openssl', '3.0.7', { cpe: 'cpe:2.3:a:openssl:openssl:3.0.7:*:*:*:*:*:*:*' }),
      goodComponent('busybox', '1.36.1', { licenses: [{ license: { id: 'GPL-2.0-only' } }] }),
    ],
  };
}

/** An SPDX 2.3 JSON document with two packages. */
export function spdx(overrides: Record<string, unknown> = {}) {
  return {
    spdxVersion: 'SPDX-2.3',
    dataLicense: 'CC0-1.0',
    SPDXID: 'SPDXRef-DOCUMENT',
    name: 'm7-bios',
    documentNamespace: 'https://example.com/spdx/m7-bios-1.0',
    creationInfo: { created: '2026-03-01T08:00:00Z', creators: ['Organization: Example Servers'] },
    packages: [
      {
        SPDXID: 'SPDXRef-edk2',
        name: 'edk2',
        versionInfo: 'edk2-stable202305',
        supplier: 'Organization: TianoCore',
        licenseConcluded: 'BSD-2-Clause-Patent',
        externalRefs: [
          {
            referenceCategory: 'PACKAGE-MANAGER',
            referenceType: 'purl',
            referenceLocator: 'pkg:github/tianocore/edk2@edk2-stable202305',
          },
        ],
      },
      {
        SPDXID: 'SPDXRef-openssl',
        name: 'openssl',
        versionInfo: '1.1.1w',
        supplier: 'NOASSERTION',
        licenseConcluded: 'NOASSERTION',
        licenseDeclared: 'OpenSSL',
        externalRefs: [
          {
            referenceCategory: 'SECURITY',
            referenceType: 'cpe23Type',
            referenceLocator: 'cpe:2.3:a:openssl:openssl:1.1.1w:*:*:*:*:*:*:*',
          },
        ],
      },
    ],
    ...overrides,
  };
}

/** The multipart body of an SBOM upload. */
export function sbomUpload(document: unknown, filename = 'sbom.cdx.json') {
  const content = Buffer.isBuffer(document) ? document : Buffer.from(JSON.stringify(document));
  return multipartBody([{ name: 'sbom', filename, content, contentType: 'application/json' }]);
}

export { BOUNDARY };
