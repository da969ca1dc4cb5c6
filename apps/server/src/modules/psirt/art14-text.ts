import type { Art14ReportContent, Locale } from '@portal/contract';

/** The words of the printable report, in both languages (a report is typed into a web form by a person). */
const WORDS = {
  'zh-CN': {
    title: {
      earlyWarning: '早期预警（CRA 第 14 条）',
      notification: '漏洞/事件通报（CRA 第 14 条）',
      finalReport: '最终报告（CRA 第 14 条）',
    },
    kind: { exploitedVulnerability: '被积极利用的漏洞', severeIncident: '严重事件' },
    severity: { CRITICAL: '严重', HIGH: '高', MEDIUM: '中', LOW: '低', NONE: '无' },
    manufacturer: '制造商',
    contact: '联系方式',
    advisory: '安全公告',
    caseKind: '类型',
    awareAt: '知悉时间',
    dueAt: '截止时间',
    noDeadline: '尚无（修复发布后 14 天）',
    products: '受影响产品',
    affectedRange: (from: string | null, fixed: string | null) =>
      fixed === null
        ? `${from ? `${from} 起的` : '所有'}版本（尚无修复版本）`
        : from
          ? `${from} 起，${fixed} 之前的版本`
          : `${fixed} 之前的所有版本`,
    vulnerabilities: '漏洞',
    severityLabel: '严重程度',
    memberStates: '涉及成员国',
    unknown: '未知',
    malicious: '怀疑由非法或恶意行为引起',
    yes: '是',
    no: '否',
    nature: '利用/事件性质',
    measures: '纠正或缓解措施',
    workarounds: '临时解决方法',
    fixedVersions: '修复版本',
    other: '其他措施',
    none: '无',
    fixAvailable: '修复可用时间',
    customersNotified: '已通知受影响客户时间',
    previous: '此前提交',
    generated: '生成时间',
    platform: '请将以上内容填入 ENISA 单一报告平台，并在门户中登记提交编号。',
  },
  'en-US': {
    title: {
      earlyWarning: 'Early warning (CRA Art. 14)',
      notification: 'Notification (CRA Art. 14)',
      finalReport: 'Final report (CRA Art. 14)',
    },
    kind: { exploitedVulnerability: 'Actively exploited vulnerability', severeIncident: 'Severe incident' },
    severity: { CRITICAL: 'Critical', HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low', NONE: 'None' },
    manufacturer: 'Manufacturer',
    contact: 'Contact',
    advisory: 'Advisory',
    caseKind: 'Type',
    awareAt: 'Became aware',
    dueAt: 'Due',
    noDeadline: 'not yet (14 days after a fix is available)',
    products: 'Affected products',
    affectedRange: (from: string | null, fixed: string | null) =>
      fixed === null
        ? `${from ? `versions from ${from}` : 'every version'} (no fixed version yet)`
        : from
          ? `versions from ${from} before ${fixed}`
          : `every version before ${fixed}`,
    vulnerabilities: 'Vulnerabilities',
    severityLabel: 'Severity',
    memberStates: 'Member states concerned',
    unknown: 'not known',
    malicious: 'Suspected of unlawful or malicious acts',
    yes: 'yes',
    no: 'no',
    nature: 'Nature of the exploit or incident',
    measures: 'Corrective or mitigating measures',
    workarounds: 'Workarounds',
    fixedVersions: 'Fixed versions',
    other: 'Other measures',
    none: 'none',
    fixAvailable: 'Fix available since',
    customersNotified: 'Affected customers told on',
    previous: 'Earlier submissions',
    generated: 'Prepared',
    platform: "Enter this on ENISA's single reporting platform, then record its reference in the portal.",
  },
} as const;

/** `2026-11-27 08:30 UTC`: read in any time zone. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The report as plain text in `locale`, for printing or pasting into the platform's form. */
export function art14Text(content: Art14ReportContent, locale: Locale): string {
  const w = WORDS[locale];
  const lines: string[] = [
    w.title[content.stage],
    '='.repeat(40),
    `${w.manufacturer}: ${content.manufacturer.name}`,
    `${w.contact}: ${content.manufacturer.contact}`,
    `${w.advisory}: ${content.advisory.id} ${content.advisory.title}`,
    `  ${content.advisory.url}`,
    `${w.caseKind}: ${w.kind[content.kind]}`,
    `${w.awareAt}: ${utc(content.awareAt)}`,
    `${w.dueAt}: ${content.dueAt ? utc(content.dueAt) : w.noDeadline}`,
    `${w.severityLabel}: ${w.severity[content.severity]}`,
    '',
    `${w.products}:`,
    ...content.products.map(
      (row) => `  - ${row.product} ${row.component}: ${w.affectedRange(row.affectedFrom, row.fixedIn)}`,
    ),
    '',
    `${w.vulnerabilities}:`,
    ...content.vulnerabilities.flatMap((row) => [
      `  - ${row.cve}${row.cwe ? ` (${row.cwe})` : ''}, CVSS 3.1 ${row.baseScore} ${w.severity[row.severity]}: ${row.cvssV31}`,
      ...(row.description ? [`    ${row.description}`] : []),
    ]),
    '',
    `${w.memberStates}: ${content.memberStates.length ? content.memberStates.join(', ') : w.unknown}`,
    `${w.malicious}: ${content.suspectedMalicious === null ? w.unknown : content.suspectedMalicious ? w.yes : w.no}`,
  ];
  if (content.natureOfExploit !== null)
    lines.push('', `${w.nature}:`, `  ${content.natureOfExploit || w.unknown}`);
  if (content.correctiveMeasures) {
    const measures = content.correctiveMeasures;
    lines.push(
      '',
      `${w.measures}:`,
      `  ${w.workarounds}: ${measures.workarounds || w.none}`,
      `  ${w.fixedVersions}: ${
        measures.fixedVersions.map((fixed) => `${fixed.item} ${fixed.version}`).join(', ') || w.none
      }`,
      `  ${w.other}: ${measures.other || w.none}`,
    );
  }
  lines.push('', `${w.fixAvailable}: ${content.fixAvailableAt ? utc(content.fixAvailableAt) : w.none}`);
  if (content.stage === 'finalReport')
    lines.push(
      `${w.customersNotified}: ${content.customersNotifiedAt ? utc(content.customersNotifiedAt) : w.none}`,
    );
  if (content.previousSubmissions.length)
    lines.push(
      '',
      `${w.previous}:`,
      ...content.previousSubmissions.map(
        (row) => `  - ${w.title[row.stage]}: ${utc(row.submittedAt)}, ${row.reference}`,
      ),
    );
  lines.push('', `${w.generated}: ${utc(content.generatedAt)}`, w.platform, '');
  return lines.join('\n');
}

/** A stage's name in `locale` (mails name the report they remind of). */
export function stageTitle(locale: Locale, stage: Art14ReportContent['stage']): string {
  return WORDS[locale].title[stage];
}
