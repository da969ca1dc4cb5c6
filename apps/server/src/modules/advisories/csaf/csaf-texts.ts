/** The fixed wording of the CSAF documents, in the two languages the portal publishes. */
export const CSAF_TEXTS = {
  'en-US': {
    summaryTitle: 'Summary',
    descriptionTitle: 'Description',
    cvss40Title: 'CVSS v4.0',
    cvss40Text: (vector: string, score: number, severity: string) =>
      `CVSS v4.0 base score ${score} (${severity}), vector ${vector}.`,
    legalTitle: 'Terms of use',
    legalText:
      'This advisory is provided "as is" without warranty of any kind. The vendor may update it at any time; the newest revision is authoritative.',
    vendorFix: (versions: string[]) =>
      versions.length > 0
        ? `Update to a version that fixes the vulnerability: ${versions.join(', ')}.`
        : 'Update to a version that fixes the vulnerability; the advisory page lists them.',
    selfJson: 'CSAF document of this advisory',
    selfPage: 'Security advisory page',
    original: (originalId: string) => `Original advisory ${originalId} (en-US)`,
    reference: 'Reference',
    packagesFamily: 'Firmware packages',
    underInvestigation:
      'The vendor is investigating whether this product is affected; the advisory will be updated when it knows.',
  },
  'zh-CN': {
    summaryTitle: '摘要',
    descriptionTitle: '描述',
    cvss40Title: 'CVSS v4.0',
    cvss40Text: (vector: string, score: number, severity: string) =>
      `CVSS v4.0 基础评分 ${score}（${severity}），向量 ${vector}。`,
    legalTitle: '使用条款',
    legalText: '本公告按“原样”提供，不附带任何形式的保证。厂商可随时更新本公告，以最新修订版为准。',
    vendorFix: (versions: string[]) =>
      versions.length > 0
        ? `请升级到已修复该漏洞的版本：${versions.join('、')}。`
        : '请升级到已修复该漏洞的版本，见安全公告页面。',
    selfJson: '本安全公告的 CSAF 文档',
    selfPage: '安全公告页面',
    original: (originalId: string) => `英文原文 ${originalId}（en-US）`,
    reference: '参考',
    packagesFamily: '固件包',
    underInvestigation: '厂商正在调查该产品是否受影响，得出结论后将更新本公告。',
  },
} as const;
