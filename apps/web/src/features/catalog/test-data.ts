import type { CatalogVersionRow, PcieLookupResult } from '@portal/contract';

/** A version row as GET /catalog/versions answers it; override what a test cares about. */
export function buildVersionRow(overrides: Partial<CatalogVersionRow> = {}): CatalogVersionRow {
  const versionId = overrides.versionId ?? 1;
  return {
    versionId,
    itemCode: 'm7-bmc',
    itemName: 'M7 BMC firmware',
    kind: 'BMC',
    section: '',
    version: `4.1.${versionId}`,
    status: 'published',
    releaseDate: '2026-06-15',
    fileName: `m7-bmc-4.1.${versionId}.tar.gz`,
    fileSize: 2048,
    fileCategory: 'firmware',
    os: 'Any',
    arch: 'Any',
    severity: 'recommended',
    cves: [],
    securityFix: false,
    preRelease: false,
    sha256: 'a'.repeat(64),
    md5: 'b'.repeat(32),
    downloadCount: 1234,
    models: ['M7-2U', 'M7-4U'],
    parts: [],
    rebootRequired: false,
    prerequisites: [],
    ...overrides,
  };
}

/** A lookup by SN: one known server with two cards (one without firmware) and one unknown SN. */
export function buildSnLookupResult(overrides: Partial<PcieLookupResult> = {}): PcieLookupResult {
  return {
    by: 'sn',
    values: ['M7S2U24000101', 'NOPE'],
    serials: [
      {
        sn: 'M7S2U24000101',
        found: true,
        model: 'M7-2U',
        modelName: 'M7 2U rack server',
        parts: [
          {
            pn: 'PN-NIC-25G-2P',
            versions: [
              buildVersionRow({
                versionId: 41,
                kind: 'PCIE',
                itemName: '25GE NIC firmware',
                version: '22.36.1010',
              }),
              buildVersionRow({
                versionId: 40,
                kind: 'PCIE',
                itemName: '25GE NIC firmware',
                version: '22.31.1014',
              }),
            ],
          },
          { pn: 'PN-GPU-X', versions: [] },
        ],
      },
      { sn: 'NOPE', found: false, model: null, modelName: null, parts: [] },
    ],
    parts: [],
    truncated: false,
    totalSerials: 2,
    ...overrides,
  };
}
