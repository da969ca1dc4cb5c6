import type { AdvisoryRevision, AdvisorySnapshot } from '@portal/contract';
import type { CsafDocumentInput, CsafLocale } from './csaf-document';
import type { CsafCatalogue } from './csaf-product-tree';
import { scoreCvss31, scoreCvss40 } from './cvss';

/** A realistic approved advisory: two CVEs, models and a part number, three revisions. */
export function sampleSnapshot(): AdvisorySnapshot {
  return {
    advisoryId: 'PFW-2026-0007',
    tlp: 'WHITE',
    titleZh: 'BMC 固件中的多个漏洞',
    titleEn: 'Multiple vulnerabilities in BMC firmware',
    summaryZh: 'BMC 固件的 Web 界面和 IPMI 服务存在两个漏洞。',
    summaryEn: 'Two vulnerabilities in the web interface and the IPMI service of the BMC firmware.',
    workaroundsZh: '在升级前，仅允许管理网络访问 BMC。',
    workaroundsEn: 'Until updated, allow access to the BMC from the management network only.',
    vulnerabilities: [
      {
        cve: 'CVE-2026-10001',
        cweId: 'CWE-787',
        cweName: 'Out-of-bounds Write',
        cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        cvss40Vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
        descriptionZh: 'Web 界面的越界写入使未经认证的攻击者可以执行任意代码。',
        descriptionEn:
          'An out-of-bounds write in the web interface lets an unauthenticated attacker run code.',
        cvss31: scoreCvss31('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'),
        cvss40: scoreCvss40('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'),
      },
      {
        cve: 'CVE-2026-10002',
        cweId: null,
        cweName: '',
        cvss31Vector: 'CVSS:3.1/AV:A/AC:H/PR:L/UI:N/S:U/C:H/I:N/A:N',
        cvss40Vector: null,
        descriptionZh: '',
        descriptionEn: 'The IPMI service discloses session data to an adjacent attacker.',
        cvss31: scoreCvss31('CVSS:3.1/AV:A/AC:H/PR:L/UI:N/S:U/C:H/I:N/A:N'),
        cvss40: null,
      },
    ],
    affected: [
      {
        modelId: 3,
        pn: null,
        productName: 'R5300 G5',
        kind: 'BMC',
        affectedFrom: '3.10.00',
        fixedIn: '3.14.02',
      },
      { modelId: 4, pn: null, productName: 'R5500 G5', kind: 'BMC', affectedFrom: null, fixedIn: '3.14.02' },
      {
        modelId: 4,
        pn: null,
        productName: 'R5500 G5',
        kind: 'BIOS',
        affectedFrom: null,
        fixedIn: '05.02 (P2)',
      },
      {
        modelId: null,
        pn: 'PN-NIC-X710',
        productName: 'PN-NIC-X710',
        kind: 'NIC',
        affectedFrom: '1.0',
        fixedIn: '1.2|rc',
      },
    ],
    fixedVersions: [
      {
        versionId: 41,
        version: '3.14.02',
        itemCode: 'FW-BMC-R5300G5',
        itemNameZh: 'R5300 G5 BMC 固件',
        itemNameEn: 'R5300 G5 BMC firmware',
        kind: 'BMC',
      },
      {
        versionId: 42,
        version: '3.14.02',
        itemCode: 'FW-BMC-R5500G5',
        itemNameZh: 'R5500 G5 BMC 固件',
        itemNameEn: 'R5500 G5 BMC firmware',
        kind: 'BMC',
      },
    ],
    references: [
      {
        url: 'https://www.cve.org/CVERecord?id=CVE-2026-10001',
        summaryZh: 'CVE 记录',
        summaryEn: 'CVE record',
      },
      { url: 'https://example.com/research/bmc', summaryZh: '', summaryEn: 'Researcher write-up' },
    ],
    acknowledgments: [
      { name: 'Li Lei', organization: 'Example Security Lab' },
      { name: 'Jane Doe', organization: '' },
    ],
    baseScore: 9.8,
    severity: 'CRITICAL',
  };
}

export function sampleHistory(): AdvisoryRevision[] {
  return [
    { number: 1, date: '2026-03-01T08:00:00.000Z', summary: 'Initial release.' },
    { number: 2, date: '2026-03-05T10:30:00+08:00', summary: 'Added the R5500 G5 BIOS.' },
    { number: 3, date: '2026-03-20T09:00:00.000Z', summary: 'Added CVE-2026-10002.' },
  ];
}

/** What the catalogue knew at approval: the models' family and each product's released versions. */
export function sampleCatalogue(): CsafCatalogue {
  return {
    families: { 3: 'G5', 4: 'G5' },
    versions: {
      'model:3|BMC': ['3.08.00', '3.10.00', '3.12.01', '3.14.02', '3.15.00'],
      'model:4|BMC': ['3.12.01', '3.14.02'],
      'model:4|BIOS': ['05.01 (P1)'],
      'pn:PN-NIC-X710|NIC': ['0.9', '1.0', '1.1', '1.2|rc'],
    },
  };
}

export function sampleInput(locale: CsafLocale): CsafDocumentInput {
  const file = locale === 'en-US' ? 'pfw-2026-0007.json' : 'pfw-2026-0007-zh-cn.json';
  return {
    snapshot: sampleSnapshot(),
    catalogue: sampleCatalogue(),
    history: sampleHistory(),
    revision: 3,
    initialReleaseDate: '2026-03-01T08:00:00.000Z',
    currentReleaseDate: '2026-03-20T09:00:00.000Z',
    locale,
    publisher: { name: 'Example Servers', namespace: 'https://portal.example.com' },
    pageUrl: 'https://portal.example.com/security/advisories/PFW-2026-0007',
    selfUrl: `https://portal.example.com/.well-known/csaf/white/2026/${file}`,
    generatorVersion: '1.0.0',
  };
}
