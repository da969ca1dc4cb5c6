import type { AdvisoryDetail, AdvisoryRow, StaffAdvisoryDetail, StaffAdvisoryRow } from '@portal/contract';

/** One customer list row; a critical BMC advisory unless told otherwise. */
export function buildAdvisoryRow(overrides: Partial<AdvisoryRow> = {}): AdvisoryRow {
  return {
    advisoryId: 'PFW-2026-0001',
    tlp: 'WHITE',
    title: 'BMC web interface allows remote code execution',
    severity: 'CRITICAL',
    baseScore: 9.8,
    cves: ['CVE-2026-10001'],
    products: ['M7-2U'],
    revision: 1,
    initialReleaseTime: '2026-03-02T08:00:00.000Z',
    currentReleaseTime: '2026-03-09T08:00:00.000Z',
    affectsMine: null,
    ...overrides,
  };
}

const CVSS31 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';

/** The detail of `buildAdvisoryRow()`, with one vulnerability, product, fixed version and reference. */
export function buildAdvisoryDetail(overrides: Partial<AdvisoryDetail> = {}): AdvisoryDetail {
  const row = buildAdvisoryRow();
  return {
    ...row,
    summary: 'An unauthenticated attacker can run code on the BMC.',
    workarounds: 'Restrict access to the BMC network.',
    snapshot: {
      advisoryId: row.advisoryId,
      tlp: row.tlp,
      titleZh: 'BMC Web 接口存在远程代码执行漏洞',
      titleEn: row.title,
      summaryZh: '',
      summaryEn: '',
      workaroundsZh: '',
      workaroundsEn: '',
      vulnerabilities: [
        {
          cve: 'CVE-2026-10001',
          cweId: 'CWE-787',
          cweName: 'Out-of-bounds Write',
          cvss31Vector: CVSS31,
          cvss40Vector: null,
          descriptionZh: '越界写入',
          descriptionEn: 'An out-of-bounds write in the web server.',
          cvss31: { vector: CVSS31, version: '3.1', baseScore: 9.8, baseSeverity: 'CRITICAL' },
          cvss40: null,
        },
      ],
      affected: [
        { modelId: 1, pn: null, productName: 'M7-2U', kind: 'BMC', affectedFrom: '3.0.0', fixedIn: '3.2.1' },
        { modelId: 2, pn: null, productName: 'M6-1U', kind: 'BMC', affectedFrom: null, fixedIn: '2.9.0' },
      ],
      fixedVersions: [
        {
          versionId: 42,
          version: '3.2.1',
          itemCode: 'BMC-M7',
          itemNameZh: 'M7 BMC 固件',
          itemNameEn: 'M7 BMC firmware',
          kind: 'BMC',
        },
      ],
      references: [{ url: 'https://example.com/psirt', summaryZh: '厂商说明', summaryEn: 'Vendor note' }],
      acknowledgments: [{ name: 'Ada Lovelace', organization: 'Analytical Engines' }],
      baseScore: 9.8,
      severity: 'CRITICAL',
    },
    history: [{ number: 1, date: '2026-03-02T08:00:00.000Z', summary: 'Initial release' }],
    myServers: [],
    csaf: {
      json: '/.well-known/csaf/white/2026/pfw-2026-0001.json',
      asc: '/.well-known/csaf/white/2026/pfw-2026-0001.json.asc',
      sha256: '/.well-known/csaf/white/2026/pfw-2026-0001.json.sha256',
      sha512: '/.well-known/csaf/white/2026/pfw-2026-0001.json.sha512',
    },
    ...overrides,
  };
}

/** One staff list row: a draft never published. */
export function buildStaffAdvisoryRow(overrides: Partial<StaffAdvisoryRow> = {}): StaffAdvisoryRow {
  return {
    id: 3,
    advisoryId: 'PFW-2026-0003',
    tlp: 'AMBER',
    titleZh: '草稿公告',
    titleEn: 'Draft advisory',
    status: 'draft',
    revision: 0,
    visibleFrom: null,
    firstPublished: null,
    publishAt: '2026-12-01T02:00:00.000Z',
    authorName: 'Alice',
    reviewerName: null,
    updateTime: '2026-11-20T03:04:05.000Z',
    ...overrides,
  };
}

export function buildStaffAdvisoryDetail(overrides: Partial<StaffAdvisoryDetail> = {}): StaffAdvisoryDetail {
  return {
    ...buildStaffAdvisoryRow(),
    input: {
      tlp: 'AMBER',
      titleZh: '草稿公告',
      titleEn: 'Draft advisory',
      summaryZh: '摘要',
      summaryEn: 'Summary',
      workaroundsZh: '',
      workaroundsEn: '',
      vulnerabilities: [
        {
          cve: 'CVE-2026-10003',
          cweId: null,
          cweName: '',
          cvss31Vector: CVSS31,
          cvss40Vector: null,
          descriptionZh: '',
          descriptionEn: '',
        },
      ],
      affected: [
        {
          modelId: null,
          pn: 'PN-1234',
          kind: 'NIC',
          status: 'known_affected',
          affectedFrom: null,
          fixedIn: '1.2.0',
        },
      ],
      fixedVersionIds: [],
      references: [],
      acknowledgments: [],
      publishAt: '2026-12-01T02:00:00.000Z',
      revisionSummary: '',
    },
    lastEditorId: 7,
    editorIds: [7],
    fixedVersions: [],
    rejectComment: null,
    history: [],
    ...overrides,
  };
}
