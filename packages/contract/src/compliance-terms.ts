import type { ComplianceState } from './inventory';
import type { Locale } from './locale';

/**
 * The one name of each compliance state in each language, shown alike by the console, the
 * `fwportal` CLI and the fleet CSV export, so a customer reading "版本落后" in the portal finds
 * the same word in the CLI's table and in the spreadsheet. Free of zod: the CLI bundles it.
 */
export const COMPLIANCE_STATE_LABELS: Readonly<Record<Locale, Readonly<Record<ComplianceState, string>>>> = {
  'zh-CN': {
    vulnerable: '存在漏洞',
    under_investigation: '漏洞调查中',
    outdated: '版本落后',
    unsupported: '已停止安全支持',
    unknown: '无法判断',
    newer: '高于发布版本',
    current: '已是最新',
  },
  'en-US': {
    vulnerable: 'Vulnerable',
    under_investigation: 'Under investigation',
    outdated: 'Outdated',
    unsupported: 'Past end of security support',
    unknown: 'Unknown',
    newer: 'Newer than published',
    current: 'Current',
  },
};
