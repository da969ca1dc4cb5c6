import type { AdvisoryInput } from '@portal/contract';

/**
 * An advisory as staff write it: one critical BMC flaw (CVE-2026-55555, CVSS 9.8) of `modelId`'s
 * BMC from 2.0.0, fixed in 2.5.0; TLP:WHITE, no fixed version named, published on approval.
 */
export const advisoryInput = (modelId: number, extra: Partial<AdvisoryInput> = {}): AdvisoryInput => ({
  tlp: 'WHITE',
  titleZh: 'BMC 远程代码执行',
  titleEn: 'BMC remote code execution',
  summaryZh: '摘要',
  summaryEn: 'Summary',
  workaroundsZh: '',
  workaroundsEn: 'Block port 623.',
  vulnerabilities: [
    {
      cve: 'CVE-2026-55555',
      cweId: 'CWE-787',
      cweName: 'Out-of-bounds Write',
      cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvss40Vector: null,
      descriptionZh: '',
      descriptionEn: 'A heap overflow.',
    },
  ],
  affected: [{ modelId, pn: null, kind: 'BMC', affectedFrom: '2.0.0', fixedIn: '2.5.0' }],
  fixedVersionIds: [],
  references: [],
  acknowledgments: [],
  publishAt: null,
  revisionSummary: '',
  ...extra,
});
