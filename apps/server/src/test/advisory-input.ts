import {
  type AdvisoryAffectedInput,
  advisoryAffectedInputSchema,
  type AdvisoryInput,
  type AdvisoryVulnerabilityInput,
} from '@portal/contract';
import type { z } from 'zod';

/** The CVSS 3.1 vector of a critical (9.8) flaw reached over the network: what most tests' flaws have. */
export const CRITICAL_CVSS31 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';

/** What a test's advisory is about; everything else is the plainest valid advisory. */
export type FlawAdvisory = {
  /** The title in Chinese and in English ("<cve> 漏洞", "<cve> flaw" unless said). */
  title?: [string, string];
  cve: string;
  affected: AdvisoryInput['affected'];
  /** The flaw's other fields (no CWE, CVSS 9.8 and "A flaw." unless said). */
  vulnerability?: Partial<AdvisoryVulnerabilityInput>;
};

/**
 * An advisory of one flaw, `cve`, in what `affected` names: TLP:WHITE, no workaround, no fixed
 * version, no reference, published on approval. `extra` sets what a test is about.
 */
export const flawAdvisoryInput = (
  { cve, title: [titleZh, titleEn] = [`${cve} 漏洞`, `${cve} flaw`], affected, vulnerability }: FlawAdvisory,
  extra: Partial<AdvisoryInput> = {},
): AdvisoryInput => ({
  tlp: 'WHITE',
  titleZh,
  titleEn,
  summaryZh: '摘要',
  summaryEn: 'Summary',
  workaroundsZh: '',
  workaroundsEn: '',
  vulnerabilities: [
    {
      cve,
      cweId: null,
      cweName: '',
      cvss31Vector: CRITICAL_CVSS31,
      cvss40Vector: null,
      descriptionZh: '',
      descriptionEn: 'A flaw.',
      ...vulnerability,
    },
  ],
  affected,
  fixedVersionIds: [],
  references: [],
  acknowledgments: [],
  publishAt: null,
  revisionSummary: '',
  ...extra,
});

/** An affected product as staff type it: the contract fills in what they leave out, as the routes do. */
export const affectedRow = (row: z.input<typeof advisoryAffectedInputSchema>): AdvisoryAffectedInput =>
  advisoryAffectedInputSchema.parse(row);

/** `modelId`'s BMC, every version before `fixedIn`: the affected product of most advisory tests. */
export const bmcBefore = (modelId: number, fixedIn = '9.0.0'): AdvisoryInput['affected'] => [
  affectedRow({ modelId, kind: 'BMC', fixedIn }),
];

/** `modelId`'s BMC, every version under investigation (affecting no server yet). */
export const bmcUnderInvestigation = (modelId: number): AdvisoryInput['affected'] => [
  affectedRow({ modelId, kind: 'BMC', status: 'under_investigation' }),
];

/**
 * An advisory as staff write it: one critical BMC flaw (CVE-2026-55555, CVSS 9.8) of `modelId`'s
 * BMC from 2.0.0, fixed in 2.5.0; TLP:WHITE, no fixed version named, published on approval.
 */
export const advisoryInput = (modelId: number, extra: Partial<AdvisoryInput> = {}): AdvisoryInput =>
  flawAdvisoryInput(
    {
      title: ['BMC 远程代码执行', 'BMC remote code execution'],
      cve: 'CVE-2026-55555',
      affected: [affectedRow({ modelId, kind: 'BMC', affectedFrom: '2.0.0', fixedIn: '2.5.0' })],
      vulnerability: { cweId: 'CWE-787', cweName: 'Out-of-bounds Write', descriptionEn: 'A heap overflow.' },
    },
    { workaroundsEn: 'Block port 623.', ...extra },
  );
